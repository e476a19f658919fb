import type { TAgentPrinterStatus } from '@printomat/shared';
import { useT } from '../../i18n/use-t';

export type TTray = { name: string; level: number | null; capacity: number | null };

/**
 * An IPP printer-input-tray value, e.g.
 * `type=sheetFeedAutoRemovableTray;mediafeed=0;maxcapacity=250;level=125;status=0;name=main;`.
 * Negative levels and capacities are IPP's "unknown".
 */
export function parseTray(raw: string): TTray {
  const fields = new Map(
    raw
      .split(';')
      .map((part) => part.split('='))
      .filter((kv): kv is [string, string] => kv.length === 2 && kv[0] !== '')
      .map(([k, v]) => [k.trim(), v.trim()]),
  );
  const num = (key: string) => {
    const n = Number(fields.get(key));
    return Number.isFinite(n) && n >= 0 ? n : null;
  };
  return {
    name: fields.get('name') || fields.get('type') || raw.slice(0, 40),
    level: num('level'),
    capacity: num('maxcapacity'),
  };
}

function LevelBar({
  label,
  percent,
  text,
}: {
  label: string;
  percent: number | null;
  text: string;
}) {
  return (
    <li className="level-bar">
      <span className="level-bar__label">{label}</span>
      <span
        className="level-bar__track"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={text}
      >
        <span
          className={
            percent !== null && percent < 15
              ? 'level-bar__fill level-bar__fill--low'
              : 'level-bar__fill'
          }
          style={{ width: `${percent ?? 0}%` }}
        />
      </span>
      <span className="level-bar__value">{text}</span>
    </li>
  );
}

/** Input trays and markers (and supplies) as level bars, from the last heartbeat. */
export function PrinterSupplies({ status }: { status: TAgentPrinterStatus | null }) {
  const t = useT();
  const trays = (status?.inputTrays ?? []).map(parseTray);
  const markers = [
    ...(status?.markers ?? []).map((m) => ({ name: m.name, level: m.level })),
    ...(status?.supplies ?? []).map((s) => ({
      name: s.description ?? s.type ?? s.color ?? '?',
      level: s.level ?? -1,
    })),
  ];
  return (
    <div className="printer-supplies">
      <section data-testid="input-trays">
        <h4>{t('admin_printers.stats.trays')}</h4>
        {trays.length === 0 ? (
          <p>{t('admin_printers.stats.no_trays')}</p>
        ) : (
          <ul className="level-bars">
            {trays.map((tray, i) => {
              const percent =
                tray.level !== null && tray.capacity
                  ? Math.round((tray.level / tray.capacity) * 100)
                  : null;
              return (
                <LevelBar
                  key={`${tray.name}-${i}`}
                  label={tray.name}
                  percent={percent}
                  text={
                    tray.level !== null && tray.capacity
                      ? t('admin_printers.stats.tray_level', {
                          level: tray.level,
                          capacity: tray.capacity,
                        })
                      : t('admin_printers.stats.level_unknown')
                  }
                />
              );
            })}
          </ul>
        )}
      </section>
      <section data-testid="markers">
        <h4>{t('admin_printers.stats.markers')}</h4>
        {markers.length === 0 ? (
          <p>{t('admin_printers.stats.no_markers')}</p>
        ) : (
          <ul className="level-bars">
            {markers.map((m, i) => (
              <LevelBar
                key={`${m.name}-${i}`}
                label={m.name}
                percent={m.level >= 0 ? m.level : null}
                text={
                  m.level >= 0
                    ? t('admin_printers.stats.level', { level: m.level })
                    : t('admin_printers.stats.level_unknown')
                }
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
