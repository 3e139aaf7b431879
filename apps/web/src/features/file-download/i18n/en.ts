import type { Texts } from './zh';

/** Strings of file-download in English. */
const en: Texts = {
  fileDownload: {
    export: {
      button: 'Export',
      started: 'Export started — it will appear in File download.',
      open: 'Open File download',
      background: 'Export in background',
    },
    kind: {
      history: 'History',
      report: 'Data report',
      alarmlog: 'Alarm log',
      devices: 'Device list',
      statreport: 'Statistics report',
      otalog: 'OTA log',
      noticelog: 'Notice log',
      maintstats: 'Maintenance figures',
      otastrace: 'OTA error traces',
    },
    status: {
      all: 'All statuses',
      queued: 'Queued',
      running: 'Running',
      done: 'Done',
      failed: 'Failed',
      expired: 'Expired',
    },
    col: {
      title: 'File',
      status: 'Status',
      rows: 'Rows',
      size: 'Size',
      format: 'Format',
      created: 'Created',
      finished: 'Finished',
      expires: 'Expires',
      actions: 'Actions',
    },
    download: 'Download',
    downloaded: 'Download started',
    deleteName: 'export {{name}}',
    deleted: 'Deleted',
    total: 'Total: {{total}}',
    unknownError: 'Unknown error',
    empty: {
      title: 'No exported files yet',
      hint: 'Click "Export" on the history, data report, alarm log or device list page; the files appear here and are kept for {{days}} days.',
      filtered: 'No export matches the filter',
    },
  },
};

export default en;
