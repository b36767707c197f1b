import { createBrowserRouter } from 'react-router';
import { HomePage } from '#web/app/routes/home.tsx';
import { NotFoundPage } from '#web/app/routes/not-found.tsx';
import { Spinner } from '#web/components/ui/states.tsx';
import { Layout, type RouteHandle } from './layout.tsx';
import { RouteError } from './route-error.tsx';

const hidden: RouteHandle = { hideNavigation: true };

/** Every page of docs/product.md §2; pages load on demand so the first visit only downloads what it shows. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        // A page opened directly shows the header and this while its code loads.
        HydrateFallback: Spinner,
        children: [
          {
            index: true,
            // Its frame and heading come with the first load; the rest of it loads on demand (home-page.tsx).
            Component: HomePage,
          },
          {
            path: 'profile/:id?',
            handle: hidden,
            lazy: () => import('#web/app/routes/profile.tsx').then((m) => ({ Component: m.ProfilePage })),
          },
          {
            path: 'offers/:id',
            lazy: () => import('#web/app/routes/offer.tsx').then((m) => ({ Component: m.OfferPage })),
          },
          {
            path: 'card-sets/:slug',
            lazy: () =>
              import('#web/app/routes/card-set-gallery.tsx').then((m) => ({
                Component: m.CardSetGalleryPage,
              })),
          },
          {
            path: 'admin-database',
            lazy: () =>
              import('#web/app/routes/admin-database.tsx').then((m) => ({ Component: m.AdminDatabasePage })),
          },
          {
            path: 'admin-flags',
            lazy: () =>
              import('#web/app/routes/admin-flags.tsx').then((m) => ({ Component: m.AdminFlagsPage })),
          },
          {
            path: 'admin-feeds',
            lazy: () =>
              import('#web/app/routes/admin-feeds.tsx').then((m) => ({ Component: m.AdminFeedsPage })),
          },
          {
            path: 'admin-reports',
            lazy: () =>
              import('#web/app/routes/admin-reports.tsx').then((m) => ({ Component: m.AdminReportsPage })),
          },
          {
            path: 'card-advances',
            handle: hidden,
            lazy: () =>
              import('#web/app/routes/card-advances.tsx').then((m) => ({
                Component: m.CardAdvancesPage,
              })),
          },
          {
            path: 'seller-partnership',
            handle: hidden,
            lazy: () =>
              import('#web/app/routes/seller-partnership.tsx').then((m) => ({
                Component: m.SellerPartnershipPage,
              })),
          },
          {
            path: 'psa-search',
            lazy: () =>
              import('#web/app/routes/psa-search.tsx').then((m) => ({ Component: m.PsaSearchPage })),
          },
          {
            path: 'scan',
            lazy: () => import('#web/app/routes/scan.tsx').then((m) => ({ Component: m.ScanPage })),
          },
          {
            path: 'sign-in/complete',
            lazy: () =>
              import('#web/app/routes/sign-in-complete.tsx').then((m) => ({
                Component: m.SignInCompletePage,
              })),
          },
          {
            path: 'unsubscribe',
            lazy: () =>
              import('#web/app/routes/unsubscribe.tsx').then((m) => ({ Component: m.UnsubscribePage })),
          },
          {
            path: 'sign-in/email-link',
            lazy: () =>
              import('#web/app/routes/email-link-sign-in.tsx').then((m) => ({
                Component: m.EmailLinkSignInPage,
              })),
          },
          {
            path: 'reset-password',
            lazy: () =>
              import('#web/app/routes/reset-password.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
          },
          {
            path: 'verify-email',
            lazy: () =>
              import('#web/app/routes/verify-email.tsx').then((m) => ({ Component: m.VerifyEmailPage })),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
