import { Box } from '@chakra-ui/react';
import { StatusPage } from '#components/ui/status-page';
import { useDocumentTitle } from '#lib/use-document-title';

const TITLE = '404 Page Not Found';

/** Any unmatched path (spec §2). Title and heading are exactly "404 Page Not Found". */
export function NotFoundPage() {
  useDocumentTitle(TITLE, { exact: true });
  return (
    <StatusPage
      headingId="titulo-404"
      title={TITLE}
      art={
        <Box aria-hidden="true">
          <svg width="132" height="80" viewBox="0 0 132 80" fill="none" focusable="false">
            <circle cx="96" cy="20" r="11" fill="#f8bb76" />
            <path d="M4 76 44 26l22 26 14-14 48 38z" fill="#a9e2d6" />
            <path d="M30 76 66 44l14 12 12-8 34 28z" fill="#43ad9d" />
          </svg>
        </Box>
      }
    >
      No encontramos esta página. Puede que la dirección esté mal escrita o que la página ya no exista.
    </StatusPage>
  );
}
