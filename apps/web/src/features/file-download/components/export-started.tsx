import { Typography } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { TFunction } from 'i18next';

export const FILE_DOWNLOAD_PATH = '/dataCenter/fileDownload';

/**
 * The "export started" toast with a link to the download list. `go` navigates (react-router's navigate:
 * the toast renders outside the router, so it cannot hold a <Link>).
 */
export function showExportStarted(
  message: MessageInstance,
  t: TFunction,
  go: (path: string) => void,
  text: string = t('fileDownload.export.started'),
): void {
  const key = `export-started-${Date.now()}`;
  void message.success({
    key,
    duration: 6,
    content: (
      <span data-testid="export-started">
        {text}{' '}
        <Typography.Link
          // A real address: the link is reachable by keyboard and opens in a new tab on a modified click.
          href={FILE_DOWNLOAD_PATH}
          onClick={(event) => {
            if (event.ctrlKey || event.metaKey || event.shiftKey) return;
            event.preventDefault();
            message.destroy(key);
            go(FILE_DOWNLOAD_PATH);
          }}
          data-testid="export-open-downloads"
        >
          {t('fileDownload.export.open')}
        </Typography.Link>
      </span>
    ),
  });
}
