/** What the map shows, following the panel's level. */
export type TMapView =
  { kind: 'all' } | { kind: 'city'; slug: string } | { kind: 'printer'; id: number };

export function mapViewKey(view: TMapView): string {
  switch (view.kind) {
    case 'all':
      return 'all';
    case 'city':
      return `city:${view.slug}`;
    case 'printer':
      return `printer:${view.id}`;
  }
}
