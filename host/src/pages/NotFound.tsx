import { brand, ButtonLink, StatusPage } from '@kloof/ui';
import { useNoIndex, usePageMeta } from '../routes/page-meta';

export const notFoundMeta = { title: `Page not found | ${brand.name}`, description: 'This page does not exist.' };

/** Any unknown path (the web server answers it with 404). Lives in the host so it works when every remote is down. */
export function NotFound() {
  usePageMeta(notFoundMeta);
  useNoIndex();
  return (
    <StatusPage
      code="404"
      title="Page not found"
      actions={
        <>
          <ButtonLink to="/">Back to the home page</ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            Contact us
          </ButtonLink>
        </>
      }
    >
      <p>The page you asked for does not exist or has moved.</p>
      <p>Check the address, or start again from the home page.</p>
    </StatusPage>
  );
}
