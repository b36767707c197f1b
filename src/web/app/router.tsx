import { createBrowserRouter } from 'react-router';
import { Layout, type RouteHandle } from './layout.tsx';
import { RouteError } from './route-error.tsx';
import { HomePage } from './routes/home.tsx';
import { NotFoundPage } from './routes/not-found.tsx';

const hidden: RouteHandle = { hideNavigation: true };

/** Every page of SPEC.md §2; pages load on demand so the first visit only downloads what it shows. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            // Its frame and heading come with the first load; the rest of it loads on demand (home-page.tsx).
            Component: HomePage,
          },
          {
            path: 'profile/:id?',
            handle: hidden,
            lazy: () => import('./routes/profile.tsx').then((m) => ({ Component: m.ProfilePage })),
          },
          {
            path: 'card-sets/:slug',
            lazy: () =>
              import('./routes/card-set-gallery.tsx').then((m) => ({ Component: m.CardSetGalleryPage })),
          },
          {
            path: 'admin-database',
            lazy: () =>
              import('./routes/admin-database.tsx').then((m) => ({ Component: m.AdminDatabasePage })),
          },
          {
            path: 'card-advances',
            handle: hidden,
            lazy: () =>
              import('./routes/card-advances.tsx').then((m) => ({
                Component: m.CardAdvancesPage,
              })),
          },
          {
            path: 'seller-partnership',
            handle: hidden,
            lazy: () =>
              import('./routes/seller-partnership.tsx').then((m) => ({
                Component: m.SellerPartnershipPage,
              })),
          },
          {
            path: 'psa-search',
            lazy: () => import('./routes/psa-search.tsx').then((m) => ({ Component: m.PsaSearchPage })),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
