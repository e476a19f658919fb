/** The printer mark; the name next to it is text so that it is read and translated as such. */
export function LogoMark() {
  return (
    <svg
      className="logo__mark"
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M10 7h12v5H10z" fill="#fff" />
      <rect x="6" y="12" width="20" height="10" rx="2" fill="#fff" />
      <path d="M10 18h12v8H10z" fill="#ffb020" />
      <circle cx="22" cy="15" r="1.2" fill="currentColor" />
    </svg>
  );
}
