import { describe, expect, it } from 'vitest';
import { exportFileName } from './saveFile';

describe('exportFileName', () => {
  it("names the file after the member and the export's day", () => {
    expect(exportFileName('lowend.theo', '2026-11-23T15:49:57.342Z')).toBe('halfstar-lowend.theo-2026-11-23.json');
  });
});
