import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from './api-client.ts';

type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first message for each of the form's fields among a validation's issues (zod's shape). */
export function issueFieldErrors<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly F[],
): FieldErrors<F> {
  const found: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field) found[field] ??= issue.message;
  }
  return found;
}

/** What a refusal from the API said about the form's fields (its `fields`); empty when it named none of them. */
export function apiFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  const found: FieldErrors<F> = {};
  if (!(error instanceof ApiError) || !error.fields) return found;
  for (const field of fields) {
    const message = error.fields[field];
    if (message) found[field] = message;
  }
  return found;
}

/**
 * How every form shows what is wrong with its fields, whether the browser's check found it or the API did:
 * each field's control says it is invalid and points at its message, and the first invalid field in the
 * form's order takes the focus, so the person starts fixing where the form needs it. `fields` lists the form's
 * fields in their order on screen; it is a constant of the form.
 */
export function useFieldErrors<F extends string>(fields: readonly F[]) {
  const prefix = useId();
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const focusNext = useRef<F | null>(null);
  const idOf = useCallback((field: F) => `${prefix}-${field}`, [prefix]);
  const messageIdOf = useCallback((field: F) => `${prefix}-${field}-error`, [prefix]);

  // After the render that shows the messages. A form disables its fields while it sends, and the answer can
  // arrive before they are enabled again, so a disabled field is focused after a later render instead.
  useEffect(() => {
    const field = focusNext.current;
    if (field === null) return;
    const control = document.getElementById(idOf(field));
    if (control?.matches(':disabled')) return;
    focusNext.current = null;
    control?.focus();
  });

  const show = useCallback(
    (found: FieldErrors<F>) => {
      setErrors(found);
      focusNext.current = fields.find((field) => found[field]) ?? null;
    },
    [fields],
  );
  // Stable, so a form may show a query's refusal from an effect.
  const showApiError = useCallback(
    (error: unknown): boolean => {
      const found = apiFieldErrors(error, fields);
      if (Object.keys(found).length === 0) return false;
      show(found);
      return true;
    },
    [fields, show],
  );
  const clear = useCallback(() => {
    setErrors({});
    focusNext.current = null;
  }, []);

  const firstInvalid = fields.find((field) => errors[field]) ?? null;
  function control(field: F, hintId?: string) {
    const described = [hintId, errors[field] ? messageIdOf(field) : undefined].filter(Boolean).join(' ');
    return {
      id: idOf(field),
      'aria-invalid': errors[field] ? (true as const) : undefined,
      'aria-describedby': described || undefined,
    };
  }

  return {
    errors,
    /** Shows these messages by their fields and focuses the first of them. */
    show,
    /** Shows what an API refusal said about the fields; false when it named none of them. */
    showApiError,
    clear,
    /** The first field with a message, in the form's order. */
    firstInvalid,
    /** For the banner that shows the first field's message: the id that field's control points at. */
    bannerId: firstInvalid ? messageIdOf(firstInvalid) : undefined,
    /** The id of a field's control. */
    idOf,
    /** The id of the element that shows a field's message. */
    messageIdOf,
    /** What ties a field's control to its message: its id, aria-invalid and aria-describedby (after any hint). */
    control,
    /** `control` with the message itself, for a kit field (components/ui/fields.tsx) that shows it under it. */
    field: (field: F, hintId?: string) => ({
      ...control(field, hintId),
      message: errors[field],
      messageId: messageIdOf(field),
    }),
  };
}
