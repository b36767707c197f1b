import { useSearchParams } from 'react-router';
import { UnsubscribeConfirm } from '#web/features/notifications/components/unsubscribe-confirm.tsx';

/** /unsubscribe?token=…: the page an alert email's unsubscribe link opens (docs/product.md §10). */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <UnsubscribeConfirm token={params.get('token') ?? ''} />
    </section>
  );
}
