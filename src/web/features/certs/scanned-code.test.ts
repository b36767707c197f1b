import { describe, expect, it } from 'vitest';
import { certFromCode } from './scanned-code.ts';

describe('certificate from a scanned code', () => {
  it('reads the barcode’s number and the QR code’s certificate address', () => {
    expect(certFromCode('40001001')).toBe('40001001');
    expect(certFromCode(' 40001001\n')).toBe('40001001');
    expect(certFromCode('https://www.psacard.com/cert/40001001')).toBe('40001001');
    expect(certFromCode('https://www.psacard.com/cert/40001001/psa')).toBe('40001001');
    expect(certFromCode('HTTPS://PSACARD.COM/CERT/40001001?src=qr')).toBe('40001001');
  });

  it('reads nothing from another code', () => {
    expect(certFromCode('https://example.com/item/40001001')).toBeUndefined();
    expect(certFromCode('1234567890123')).toBeUndefined();
    expect(certFromCode('GENGAR')).toBeUndefined();
    expect(certFromCode('')).toBeUndefined();
  });
});
