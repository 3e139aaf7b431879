import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './shared/i18n';
import { featureBundles } from './app/i18n-bundles';
import { registerBundles } from './shared/i18n/bundle';
import './app/global.css';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';

registerBundles(featureBundles);
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
