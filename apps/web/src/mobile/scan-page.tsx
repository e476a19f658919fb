import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../components/page-title';
import { useT } from '../i18n/use-t';
import { appPathFor, parseQrContent } from './qr-content';
import { createQrDecoder, type TQrDecoder } from './qr-decoder';
import './mobile.css';

type TCameraState = 'starting' | 'scanning' | 'denied' | 'missing' | 'failed';
/** What the last code read said, when it was not one of ours (or a photo had none). */
type TNotice = 'not_printomat' | 'no_code' | null;

/** A frame is looked at this often (250 ms): quick to answer, light on a phone's battery. */
const SCAN_INTERVAL_MS = 250;

/** The QR code's text in a photo, or null (also when the browser cannot read the image). */
async function decodePhoto(file: File, decoder: TQrDecoder): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await decoder.decode(bitmap);
  } finally {
    bitmap.close();
  }
}

/** Missing outside secure contexts (plain http) and in old browsers. */
function cameraApi(): MediaDevices | null {
  if (typeof navigator === 'undefined' || !('mediaDevices' in navigator)) return null;
  const devices = navigator.mediaDevices as MediaDevices | undefined;
  return typeof devices?.getUserMedia === 'function' ? devices : null;
}

function cameraFailure(error: unknown): TCameraState {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'failed';
}

/**
 * `/app/scan`: the rear camera (getUserMedia) is read a few times a second; a photo ("Scan from a
 * photo") is read the same way. This site's printer address opens that printer in the app, a bare
 * print code releases with the code; anything else is "not a Printomat printer". The camera is
 * stopped when the page is left.
 */
export function ScanPage() {
  const t = useT();
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const decoderRef = useRef<Promise<TQrDecoder> | null>(null);
  const [camera, setCamera] = useState<TCameraState>(() => (cameraApi() ? 'starting' : 'missing'));
  const [notice, setNotice] = useState<TNotice>(null);
  const [reading, setReading] = useState(false);

  const decoder = useCallback(() => (decoderRef.current ??= createQrDecoder()), []);

  /** True when the text was ours and the app moves on. */
  const accept = useCallback(
    (text: string): boolean => {
      const next = appPathFor(parseQrContent(text, window.location.origin));
      if (next) {
        void navigate(next.pathname, next.code ? { state: { code: next.code } } : undefined);
        return true;
      }
      setNotice('not_printomat');
      return false;
    },
    [navigate],
  );

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const mediaDevices = cameraApi();
    const video = videoRef.current;
    if (!mediaDevices || !video) return;

    const scanFrame = async () => {
      if (stopped || !video) return;
      let found: string | null = null;
      if (video.readyState >= video.HAVE_CURRENT_DATA) {
        try {
          found = await (await decoder()).decode(video);
        } catch {
          found = null;
        }
      }
      if (stopped) return;
      if (found !== null && accept(found)) return;
      timer = setTimeout(() => void scanFrame(), SCAN_INTERVAL_MS);
    };

    mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then(async (media) => {
        if (stopped) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream = media;
        video.srcObject = media;
        await video.play().catch(() => undefined);
        setCamera('scanning');
        void scanFrame();
      })
      .catch((error: unknown) => {
        if (!stopped) setCamera(cameraFailure(error));
      });

    return () => {
      stopped = true;
      clearTimeout(timer);
      // Leaving the page turns the camera (and the phone's camera light) off.
      for (const track of stream?.getTracks() ?? []) track.stop();
      video.srcObject = null;
    };
  }, [accept, decoder]);

  async function readPhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReading(true);
    setNotice(null);
    const text = await decodePhoto(file, await decoder()).catch(() => null);
    setReading(false);
    if (text === null) setNotice('no_code');
    else accept(text);
  }

  const cameraProblem = camera === 'denied' || camera === 'missing' || camera === 'failed';
  return (
    <div className="container mobile-app mobile-scan" data-testid="scan-page">
      <PageTitle title={t('mobile.scan.title')} />
      <Link to="/app" className="mobile-back">
        ← {t('mobile.scan.back')}
      </Link>
      <h1 className="page-title mobile-app__title">{t('mobile.scan.title')}</h1>
      {cameraProblem ? (
        <p
          className="alert alert--error"
          role="alert"
          data-testid="camera-problem"
          data-reason={camera}
        >
          {t(`mobile.scan.${camera}`)}
        </p>
      ) : (
        <p className="mobile-app__lead">{t('mobile.scan.lead')}</p>
      )}
      <div className="mobile-scan__viewport" hidden={cameraProblem}>
        <video
          ref={videoRef}
          className="mobile-scan__video"
          data-testid="scan-video"
          data-camera={camera}
          aria-label={t('mobile.scan.video')}
          muted
          playsInline
        />
        <span className="mobile-scan__frame" aria-hidden="true" />
      </div>
      <p className="mobile-scan__status" role="status" data-testid="scan-status">
        {reading
          ? t('mobile.scan.reading')
          : camera === 'starting'
            ? t('mobile.scan.starting')
            : camera === 'scanning'
              ? t('mobile.scan.scanning')
              : ''}
      </p>
      {notice && (
        <p
          className="alert alert--error"
          role="alert"
          data-testid="scan-notice"
          data-notice={notice}
        >
          {t(`mobile.scan.${notice}`)}
        </p>
      )}
      <label className="button button--block mobile-scan__photo">
        {t('mobile.scan.photo')}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          className="visually-hidden"
          data-testid="scan-photo"
          disabled={reading}
          onChange={(event) => void readPhoto(event)}
        />
      </label>
    </div>
  );
}
