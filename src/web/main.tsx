import { QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from '#web/app/router.tsx';
import { queryClient } from '#web/lib/query-client.ts';
import './styles.css';

// Radix's scroll lock adds a <style> element; the page's CSP allows it only with this load's nonce.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) setNonce(nonce);

// The installed app's offline shell (decision 051), in built apps only: the dev server's modules change.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    // Without it the app works as a plain website; a refused registration is nothing to tell the person.
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// As a transition the first render yields to the browser every few milliseconds instead of holding the
// main thread for the whole tree, so a slow phone stays responsive while the page starts.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
