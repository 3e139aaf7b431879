import { useEffect } from 'react';
import { usePlatformTitle } from '../api/platform-title';

/** Browser tab title: "<page> - <platform title>". */
export function useDocumentTitle(pageTitle: string | undefined): void {
  const platform = usePlatformTitle();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${platform}` : platform;
  }, [pageTitle, platform]);
}
