import { CaseDetailPage } from '@/features/cases/pages/CaseDetailPage';
import { CaseListings } from '@/features/causelists/CaseListings';
import { DocumentsPanel } from '@/features/documents/components/DocumentsPanel';
import { CaseFirmPanel } from '@/features/firm/components/CaseFirmPanel';

/**
 * Where features meet. A feature never imports another (eslint.config.js enforces it); a page
 * that shows another feature's part takes it as a prop, and the app hands it over here.
 */
export function CaseDetailRoute() {
  return (
    <CaseDetailPage
      listings={(caseRef) => <CaseListings caseRef={caseRef} />}
      documents={(caseId) => <DocumentsPanel caseId={caseId} />}
      firm={(caseRef) => <CaseFirmPanel caseRef={caseRef} />}
    />
  );
}
