import type { TPrinterMap } from '@printomat/shared';

/** A `GET /api/map` answer with `printerCount` printers spread over the given cities. */
export function buildMapAnswer(
  printerCount: number,
  cities: Array<{ slug: string; name: string }> = [
    { slug: 'krakow', name: 'Kraków' },
    { slug: 'warszawa', name: 'Warszawa' },
  ],
): TPrinterMap {
  const printers: TPrinterMap['printers'] = Array.from({ length: printerCount }, (_, index) => {
    const city = cities[index % cities.length] ?? { slug: 'krakow', name: 'Kraków' };
    return {
      id: index + 1,
      name: `P-${index + 1}`,
      full_name: `Printer ${index + 1}`,
      address: `Street ${index + 1}`,
      city: city.name,
      city_slug: city.slug,
      lat: 50 + index / 100,
      lon: 20 + index / 100,
      is_color: index % 2 === 0,
      is_copier: true,
      premium: false,
      availability: 'available',
      open_now: true,
    };
  });
  return {
    tiles: { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© tiles' },
    cities: cities.map((city, index) => ({
      id: index + 1,
      slug: city.slug,
      name: city.name,
      country: 'PL',
      lat: 50,
      lon: 20,
      printer_count: printers.filter((p) => p.city_slug === city.slug).length,
    })),
    printers,
  };
}
