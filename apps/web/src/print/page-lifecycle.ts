/** The "closing will interrupt sending" warning, on only while files are uploading. */
let warning: string | null = null;

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (warning === null) return;
  event.preventDefault();
  // Older browsers show this text; newer ones show their own.
  event.returnValue = warning;
}

export function setUnloadWarning(message: string | null): void {
  if (message !== null && warning === null) window.addEventListener('beforeunload', onBeforeUnload);
  if (message === null && warning !== null)
    window.removeEventListener('beforeunload', onBeforeUnload);
  warning = message;
}

/** Spec section 8: a failed call reloads the page, with the unload warning removed first. */
export function reloadPage(): void {
  setUnloadWarning(null);
  window.location.reload();
}

const OFFICE_EXTENSIONS = /\.(docx?|odt|rtf|txt|xlsx?|ods|pptx?|odp)$/i;
const OFFICE_NOTICE_KEY = 'printomat.office-beta-notice';

export function isOfficeFileName(name: string): boolean {
  return OFFICE_EXTENSIONS.test(name);
}

/** The Office beta notice shows once per browser session. */
export function takeOfficeNotice(): boolean {
  try {
    if (sessionStorage.getItem(OFFICE_NOTICE_KEY)) return false;
    sessionStorage.setItem(OFFICE_NOTICE_KEY, '1');
    return true;
  } catch {
    return false;
  }
}
