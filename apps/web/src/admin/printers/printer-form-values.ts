import type { TAdminPrinterInput } from '@printomat/shared';
import type { TPrinterImages } from './admin-printers-api';
import { readOpenHours } from './open-hours-fields';

/** Reads the form into the request: empty numbers are null (the server says "can't be blank"). */
export function readPrinterForm(form: HTMLFormElement): TAdminPrinterInput {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const numberOrNull = (name: string) => {
    const value = text(name).trim().replace(',', '.');
    return value === '' || Number.isNaN(Number(value)) ? null : Number(value);
  };
  return {
    name: text('name'),
    full_name: text('full_name'),
    description: text('description'),
    country: text('country'),
    city_id: numberOrNull('city_id') as number,
    street: text('street'),
    house_number: text('house_number'),
    postcode: text('postcode'),
    location_x: numberOrNull('location_x') as number,
    location_y: numberOrNull('location_y') as number,
    radius: numberOrNull('radius') as number,
    email: text('email'),
    direct_print_code: text('direct_print_code'),
    express_email: text('express_email'),
    contact_email: text('contact_email'),
    express_mono_price_minor: numberOrNull('express_mono_price_minor'),
    express_color_price_minor: numberOrNull('express_color_price_minor'),
    minion_id: text('minion_id'),
    maps_place_url: text('maps_place_url'),
    is_color: data.get('is_color') === 'on',
    is_copier: data.get('is_copier') === 'on',
    is_enabled: data.get('is_enabled') === 'on',
    is_premium: data.get('is_premium') === 'on',
    remove_logo: data.get('remove_logo') === 'on',
    remove_photo: data.get('remove_photo') === 'on',
    open_hours: readOpenHours(data),
  };
}

/** The chosen images; an empty file input sends nothing. */
export function readImages(form: HTMLFormElement): TPrinterImages {
  const images: TPrinterImages = {};
  for (const kind of ['logo', 'photo'] as const) {
    const input = form.elements.namedItem(kind);
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    if (file && file.size > 0) images[kind] = file;
  }
  return images;
}
