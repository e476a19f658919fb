import { describe, expect, it } from 'vitest';
import {
  costOfFirstFaces,
  documentCost,
  facesPerCopy,
  printedFaces,
  printjobCost,
} from './pricing';

const mono = { isGrayscale: false, pagesPerSheet: 1 } as const;

describe('pricing', () => {
  it('charges one page per printed face in grayscale, whatever the colour', () => {
    const doc = { pageCount: 10, colorPages: [1, 2, 3], copies: 2 };
    expect(documentCost(doc, { isGrayscale: true, pagesPerSheet: 1 })).toBe(20);
    expect(documentCost(doc, { isGrayscale: true, pagesPerSheet: 4 })).toBe(6); // ceil(10/4)=3 faces x 2
  });

  it('charges a colour face three pages in colour mode', () => {
    expect(documentCost({ pageCount: 5, colorPages: [2, 5], copies: 1 }, mono)).toBe(3 + 2 * 3);
    expect(documentCost({ pageCount: 5, colorPages: [2, 5], copies: 3 }, mono)).toBe(27);
  });

  it('counts a shared face once when several colour pages land on it', () => {
    // pages 1..4 on face 1, 5..8 on face 2, 9 on face 3; colour on 2, 3 and 9
    const doc = { pageCount: 9, colorPages: [2, 3, 9], copies: 1 };
    expect(documentCost(doc, { isGrayscale: false, pagesPerSheet: 4 })).toBe(3 + 1 + 3);
    expect(documentCost(doc, { isGrayscale: false, pagesPerSheet: 2 })).toBe(3 + 3 + 1 + 1 + 3);
  });

  it('ignores colour page numbers outside the document', () => {
    expect(documentCost({ pageCount: 2, colorPages: [0, 3, 99], copies: 1 }, mono)).toBe(2);
  });

  it('sums documents and counts faces for the job', () => {
    const docs = [
      { pageCount: 3, colorPages: [1], copies: 1 },
      { pageCount: 4, colorPages: [], copies: 2 },
    ];
    expect(printjobCost(docs, mono)).toBe(3 + 1 + 1 + 8);
    expect(printedFaces(docs, { isGrayscale: false, pagesPerSheet: 2 })).toBe(2 + 4);
    expect(facesPerCopy(0, 1)).toBe(0);
  });
});

describe('partial charge', () => {
  it('charges the faces that came out, in print order', () => {
    const docs = [
      { pageCount: 3, colorPages: [2], copies: 2 },
      { pageCount: 2, colorPages: [], copies: 1 },
    ];
    const colour = { isGrayscale: false, pagesPerSheet: 1 } as const;
    expect(costOfFirstFaces(docs, colour, 0)).toBe(0);
    expect(costOfFirstFaces(docs, colour, 2)).toBe(1 + 3);
    expect(costOfFirstFaces(docs, colour, 4)).toBe(1 + 3 + 1 + 1);
    expect(costOfFirstFaces(docs, colour, 100)).toBe(printjobCost(docs, colour));
    expect(costOfFirstFaces(docs, { isGrayscale: true, pagesPerSheet: 1 }, 4)).toBe(4);
  });
});
