import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isErrorBody, MESSAGES } from '#shared/errors.ts';
import type { IMPORT_FORMATS, ImportSummary } from '#shared/schemas/admin.ts';
import { ApiError, withQuery } from '#web/lib/api-client.ts';
import { forgetSales } from './sales-changed.ts';

export type ImportFormat = (typeof IMPORT_FORMATS)[number];

interface ImportRequest {
  file: File;
  /** Undefined lets the server tell the format from the file's first character. */
  format: ImportFormat | undefined;
  /** Share of the file sent so far, 0 to 1. */
  onProgress: (sent: number) => void;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Sends the file with XMLHttpRequest rather than fetch: only XHR reports upload progress, which a file of
 * many megabytes needs. Failures become the same ApiError as every other call.
 */
function uploadSalesFile({ file, format, onProgress }: ImportRequest): Promise<ImportSummary> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', withQuery('/api/admin/sales/import', { format }));
    request.withCredentials = true;
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const data = parse(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        resolve(data as ImportSummary);
      } else if (isErrorBody(data)) {
        reject(new ApiError(request.status, data.error.code, data.error.message, data.error.fields));
      } else {
        reject(
          new ApiError(request.status, request.status >= 500 ? 'internal' : 'validation', MESSAGES.generic),
        );
      }
    });
    request.addEventListener('error', () =>
      reject(
        new ApiError(
          0,
          'service-unavailable',
          'Holoscope could not be reached. Check your connection and try again.',
        ),
      ),
    );
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

export function useImportSales() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadSalesFile,
    onSuccess: () => forgetSales(client),
  });
}
