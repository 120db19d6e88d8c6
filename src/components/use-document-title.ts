import { useEffect } from 'react';
import { documentTitle } from '../lib/product';

export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
