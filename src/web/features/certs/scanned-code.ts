import { CertNumberSchema } from '#shared/schemas/certs.ts';

/**
 * The certificate number in what a PSA label's code reads: the number itself (the barcode) or PSA's
 * address of the certificate (the QR code, `…/cert/12345678…`); undefined for any other code.
 */
export function certFromCode(raw: string): string | undefined {
  const text = raw.trim();
  const number = /^\d+$/.test(text) ? text : /\/cert\/(\d+)(?:[/?#]|$)/i.exec(text)?.[1];
  return number === undefined ? undefined : CertNumberSchema.safeParse(number).data;
}
