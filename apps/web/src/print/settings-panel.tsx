import { PAGES_PER_SHEET_OPTIONS, ORIENTATIONS, type TPrintjobKind } from '@printomat/shared';
import { useModal } from '../modal/modal-context';
import { useT } from '../i18n/use-t';
import type { TSettings } from './print-api';

type TCta = 'cta_color' | 'cta_duplex' | 'cta_orientation' | 'cta_per_sheet';
const CTA: Record<keyof TSettings, TCta> = {
  is_grayscale: 'cta_color',
  is_duplex: 'cta_duplex',
  orientation: 'cta_orientation',
  pages_per_sheet: 'cta_per_sheet',
};

/** Orientation, colour, duplex, pages per sheet. For kind 'limited' a change opens the package offer instead. */
export function SettingsPanel(props: {
  settings: TSettings;
  kind: TPrintjobKind;
  disabled: boolean;
  onChange: (patch: Partial<TSettings>) => void;
}) {
  const t = useT();
  const { openModal } = useModal();
  const { settings, disabled } = props;
  const change = (patch: Partial<TSettings>) => {
    if (props.kind === 'limited') {
      const key = Object.keys(patch)[0] as keyof TSettings;
      openModal(`paid_packages/${CTA[key]}`);
      return;
    }
    props.onChange(patch);
  };
  return (
    <fieldset className="card print-settings" disabled={disabled} data-testid="settings">
      <legend className="print-settings__title">{t('uploader.settings.title')}</legend>
      <div
        className="print-settings__group"
        role="radiogroup"
        aria-label={t('uploader.settings.colour')}
      >
        <span className="print-settings__label">{t('uploader.settings.colour')}</span>
        {[true, false].map((grayscale) => (
          <label key={String(grayscale)} className="chip">
            <input
              type="radio"
              name="is_grayscale"
              checked={settings.is_grayscale === grayscale}
              onChange={() => change({ is_grayscale: grayscale })}
            />
            {grayscale ? t('uploader.settings.colour_off') : t('uploader.settings.colour_on')}
          </label>
        ))}
      </div>
      <label className="print-settings__group chip">
        <input
          type="checkbox"
          name="is_duplex"
          checked={settings.is_duplex}
          onChange={(e) => change({ is_duplex: e.target.checked })}
        />
        {t('uploader.settings.duplex')}
      </label>
      <div
        className="print-settings__group"
        role="radiogroup"
        aria-label={t('uploader.settings.orientation')}
      >
        <span className="print-settings__label">{t('uploader.settings.orientation')}</span>
        {ORIENTATIONS.map((orientation) => (
          <label key={orientation} className="chip">
            <input
              type="radio"
              name="orientation"
              value={orientation}
              checked={settings.orientation === orientation}
              onChange={() => change({ orientation })}
            />
            {t(`uploader.settings.orientation_${orientation}`)}
          </label>
        ))}
      </div>
      <div
        className="print-settings__group"
        role="radiogroup"
        aria-label={t('uploader.settings.per_sheet')}
      >
        <span className="print-settings__label">{t('uploader.settings.per_sheet')}</span>
        {PAGES_PER_SHEET_OPTIONS.map((n) => (
          <label key={n} className="chip">
            <input
              type="radio"
              name="pages_per_sheet"
              value={n}
              checked={settings.pages_per_sheet === n}
              onChange={() => change({ pages_per_sheet: n })}
            />
            {n}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
