import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

export interface UploadMessages {
  /** The request is not multipart/form-data at all (415). */
  notMultipart: string;
  /** The form has no file in the field "file" (400). */
  missing: string;
  /** The file is larger than the route takes (413). */
  tooLarge: string;
}

const UNREADABLE =
  'The upload could not be read. Send the file again as multipart/form-data in the field "file".';

/**
 * The answer to a failure while reading an upload. The multipart parser reports a malformed body (no
 * boundary, a part cut short) with plain errors; those are the client's, so they become a 400. A failure
 * of our own disk carries a syscall and stays a server error; the parser's limits already carry a 4xx.
 */
export function uploadFailure(error: unknown, messages: UploadMessages): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode, syscall } = error as { code?: unknown; statusCode?: unknown; syscall?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'payload-too-large', messages.tooLarge);
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  if (syscall !== undefined) return error;
  return badRequest(UNREADABLE, { file: UNREADABLE });
}

/** The multipart field `file` of a request; its content is read by the caller, through uploadFailure. */
export async function fileUpload(request: FastifyRequest, messages: UploadMessages): Promise<MultipartFile> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported-media-type', messages.notMultipart);
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    throw uploadFailure(error, messages);
  }
  if (part?.fieldname !== 'file') throw badRequest(messages.missing, { file: messages.missing });
  return part;
}
