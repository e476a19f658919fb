import { useCallback, useEffect, useRef, useState } from 'react';
import type { TCoords } from './geo';

export type TGeoFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export type TGeoState =
  | { status: 'idle' }
  | { status: 'locating'; previous: TCoords | null }
  | { status: 'located'; coords: TCoords }
  | { status: 'failed'; reason: TGeoFailure };

/** A phone usually answers in a few seconds; indoors without GPS it can take longer. */
const LOCATE_TIMEOUT_MS = 20_000;
/** A position up to a minute old is good enough to sort printers by distance. */
const MAX_AGE_MS = 60_000;

function failureOf(error: GeolocationPositionError): TGeoFailure {
  if (error.code === error.PERMISSION_DENIED) return 'denied';
  if (error.code === error.TIMEOUT) return 'timeout';
  return 'unavailable';
}

/**
 * The person's position, asked for only when they press the button (`locate`), except when they
 * already allowed it earlier (the Permissions API says `granted`): then at once, so the installed
 * app opens with the nearby list.
 */
export function useGeolocation(): { state: TGeoState; locate: () => void } {
  const [state, setState] = useState<TGeoState>({ status: 'idle' });
  const mounted = useRef(true);

  const locate = useCallback(() => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      setState({ status: 'failed', reason: 'unsupported' });
      return;
    }
    setState((current) => ({
      status: 'locating',
      previous: current.status === 'located' ? current.coords : null,
    }));
    geolocation.getCurrentPosition(
      (position) => {
        if (!mounted.current) return;
        setState({
          status: 'located',
          coords: { lat: position.coords.latitude, lon: position.coords.longitude },
        });
      },
      (error) => {
        if (mounted.current) setState({ status: 'failed', reason: failureOf(error) });
      },
      { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS, maximumAge: MAX_AGE_MS },
    );
  }, []);

  useEffect(() => {
    mounted.current = true;
    let cancelled = false;
    const permissions = typeof navigator === 'undefined' ? undefined : navigator.permissions;
    if (permissions && typeof navigator.geolocation !== 'undefined') {
      permissions
        .query({ name: 'geolocation' })
        .then((status) => {
          if (!cancelled && status.state === 'granted') locate();
        })
        .catch(() => undefined);
    }
    return () => {
      cancelled = true;
      mounted.current = false;
    };
  }, [locate]);

  return { state, locate };
}
