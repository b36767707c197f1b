import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { Passkey } from '#shared/schemas/security.ts';
import { PASSKEY_NAME_MAX_LENGTH, passkeyNameProblem } from '#shared/security.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, FieldMessage } from '#web/components/ui/fields.tsx';
import { EmptyState, ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import {
  useAddPasskey,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
} from '#web/features/security/api/security.ts';
import { browserHasPasskeys, passkeyErrorMessage } from '#web/lib/passkeys.ts';
import { formatWhen } from './when.ts';

/** docs/product.md §2, Security: the account's passkeys, adding one, renaming and removing them. */
export function PasskeysPanel() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [status, setStatus] = useState('');
  const supported = browserHasPasskeys();

  function addPasskey() {
    setStatus('');
    add.mutate(undefined, { onSuccess: (passkey) => setStatus(`Passkey added: ${passkey.name}.`) });
  }

  function removePasskey(passkey: Passkey) {
    setStatus('');
    remove.mutate(passkey.id, { onSuccess: () => setStatus(`Passkey removed: ${passkey.name}.`) });
  }

  return (
    <div className="space-y-3">
      <h3 id="passkeys-heading" className="font-semibold text-slate-900">
        Passkeys
      </h3>
      <p className="text-sm text-slate-600">
        Sign in with your fingerprint, face or device PIN instead of your password.
      </p>
      {passkeys.isPending ? (
        <Spinner label="Loading your passkeys…" />
      ) : passkeys.isError ? (
        <ErrorNotice message={passkeys.error.message} onRetry={() => void passkeys.refetch()} />
      ) : passkeys.data.passkeys.length === 0 ? (
        <EmptyState>You have no passkeys yet.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Your passkeys">
          {passkeys.data.passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              removing={remove.isPending && remove.variables === passkey.id}
              onRemove={() => removePasskey(passkey)}
            />
          ))}
        </ul>
      )}
      {add.isError ? <ErrorNotice message={passkeyErrorMessage(add.error)} /> : null}
      {remove.isError ? <ErrorNotice message={passkeyErrorMessage(remove.error)} /> : null}
      <p role="status" className="text-sm text-emerald-700">
        {status}
      </p>
      {supported ? (
        <Button onClick={addPasskey} disabled={add.isPending}>
          <KeyRound className="size-4" aria-hidden />
          {add.isPending ? 'Waiting for your passkey…' : 'Add a passkey'}
        </Button>
      ) : (
        <p className="text-sm text-slate-600">This browser cannot use passkeys.</p>
      )}
    </div>
  );
}

interface PasskeyRowProps {
  passkey: Passkey;
  removing: boolean;
  onRemove: () => void;
}

function PasskeyRow({ passkey, removing, onRemove }: PasskeyRowProps) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      {editing ? (
        <RenameForm passkey={passkey} onClose={() => setEditing(false)} />
      ) : (
        <>
          <div className="min-w-0 flex-1">
            <p className="break-words font-medium text-slate-900">{passkey.name}</p>
            <p className="text-sm text-slate-600">
              Added {formatWhen(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt ? `Last used ${formatWhen(passkey.lastUsedAt)}` : 'Not used yet'}
            </p>
          </div>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              className="px-3"
              onClick={() => setEditing(true)}
              aria-label={`Rename ${passkey.name}`}
            >
              Rename
            </Button>
            <Button
              variant="secondary"
              className="px-3"
              disabled={removing}
              onClick={onRemove}
              aria-label={`Remove ${passkey.name}`}
            >
              {removing ? 'Removing…' : 'Remove'}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

function RenameForm({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = `passkey-name-${passkey.id}`;
  const messageId = `${fieldId}-error`;
  const message = problem ?? (rename.isError ? passkeyErrorMessage(rename.error) : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = passkeyNameProblem(name);
    setProblem(found);
    if (found) return;
    rename.mutate({ id: passkey.id, name }, { onSuccess: onClose });
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex w-full flex-wrap items-end gap-2"
      aria-label={`Rename ${passkey.name}`}
    >
      <div className="min-w-48 flex-1">
        <Field
          id={fieldId}
          label="Passkey name"
          value={name}
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          autoFocus
          disabled={rename.isPending}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
        />
        <FieldMessage id={messageId} message={message} />
      </div>
      <Button type="submit" className="px-3" disabled={rename.isPending}>
        {rename.isPending ? 'Saving…' : 'Save'}
      </Button>
      <Button variant="secondary" className="px-3" onClick={onClose} disabled={rename.isPending}>
        Cancel
      </Button>
    </form>
  );
}
