import { Button } from '#web/components/ui/button.tsx';
import { ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useDevices, useSignOutDevice, useSignOutOtherDevices } from '#web/features/security/api/security.ts';
import { formatWhen } from './when.ts';

/** docs/product.md §2, Security: the browsers signed in to the account, each with Sign out. */
export function DevicesPanel() {
  const devices = useDevices();
  const signOut = useSignOutDevice();
  const signOutOthers = useSignOutOtherDevices();
  const others = devices.data?.devices.filter((device) => !device.current).length ?? 0;

  return (
    <div className="space-y-3">
      <h3 id="devices-heading" className="font-semibold text-slate-900">
        Signed-in devices
      </h3>
      {devices.isPending ? (
        <Spinner label="Loading your devices…" />
      ) : devices.isError ? (
        <ErrorNotice message={devices.error.message} onRetry={() => void devices.refetch()} />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Your signed-in devices">
          {devices.data.devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  {device.browser}
                  {device.current ? ' ' : null}
                  {device.current ? (
                    <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600">Last seen {formatWhen(device.lastSeenAt)}</p>
              </div>
              {device.current ? null : (
                <Button
                  variant="secondary"
                  className="px-3"
                  disabled={signOut.isPending && signOut.variables === device.id}
                  onClick={() => signOut.mutate(device.id)}
                  aria-label={`Sign out ${device.browser}, last seen ${formatWhen(device.lastSeenAt)}`}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {signOut.isError ? <ErrorNotice message={signOut.error.message} /> : null}
      {signOutOthers.isError ? <ErrorNotice message={signOutOthers.error.message} /> : null}
      <p role="status" className="text-sm text-emerald-700">
        {signOutOthers.isSuccess ? 'Every other device was signed out.' : ''}
      </p>
      <Button
        variant="secondary"
        disabled={others === 0 || signOutOthers.isPending}
        onClick={() => signOutOthers.mutate()}
      >
        {signOutOthers.isPending ? 'Signing out…' : 'Sign out everywhere else'}
      </Button>
    </div>
  );
}
