import { describe, expect, it } from 'vitest';
import { pinHtml } from './marker-html';

describe('pinHtml', () => {
  it('colours a printer outside its opening hours as closed, as the list shows it', () => {
    const html = pinHtml({ id: 3, availability: 'available', open_now: false }, false);
    expect(html).toContain('class="map-marker map-marker--closed"');
    expect(html).toContain('data-availability="closed"');
  });

  it('keeps the raw availability when open, without hours, or in trouble', () => {
    expect(pinHtml({ id: 1, availability: 'available', open_now: true }, true)).toContain(
      'class="map-marker map-marker--available map-marker--selected"',
    );
    expect(pinHtml({ id: 2, availability: 'available', open_now: null }, false)).toContain(
      'data-availability="available"',
    );
    expect(pinHtml({ id: 4, availability: 'maintenance', open_now: false }, false)).toContain(
      'data-availability="maintenance"',
    );
  });
});
