/** Where the public pages send people. One place, so that a change of address is one edit. */
export const SITE_EMAILS = {
  help: 'help@printomat.example',
  business: 'business@printomat.example',
  partners: 'partners@printomat.example',
  privacy: 'privacy@printomat.example',
  feedback: 'feedback@printomat.example',
} as const;

/** `mailto:` with an optional subject (encoded; spaces as %20, which every mail client reads). */
export function mailto(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}
