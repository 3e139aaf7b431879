import { defineBundle } from '../../shared/i18n/bundle';

/** Strings of the file download list and the export button. */
const zh = {
  fileDownload: {
    export: {
      button: '导出',
      started: '导出任务已创建，完成后可在“文件下载”中下载。',
      open: '前往文件下载',
      background: '后台导出',
    },
    kind: {
      history: '历史数据',
      report: '数据报表',
      alarmlog: '报警记录',
      devices: '设备列表',
      statreport: '统计报表',
    },
    status: {
      all: '全部状态',
      queued: '排队中',
      running: '导出中',
      done: '已完成',
      failed: '失败',
      expired: '已过期',
    },
    col: {
      title: '文件',
      status: '状态',
      rows: '行数',
      size: '大小',
      format: '格式',
      created: '创建时间',
      finished: '完成时间',
      expires: '过期时间',
      actions: '操作',
    },
    download: '下载',
    downloaded: '已开始下载',
    deleteName: '导出任务 {{name}}',
    deleted: '已删除',
    total: '共 {{total}} 个文件',
    unknownError: '未知错误',
    empty: {
      title: '暂无导出文件',
      hint: '在历史数据、数据报表、报警记录或设备列表页面点击“导出”按钮，生成的文件会出现在这里，保留 {{days}} 天。',
      filtered: '没有符合条件的导出任务',
    },
  },
};

const en: typeof zh = {
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

const es: typeof zh = {
  fileDownload: {
    export: {
      button: 'Exportar',
      started: 'Exportación iniciada: aparecerá en Descarga de archivos.',
      open: 'Abrir Descarga de archivos',
      background: 'Exportar en segundo plano',
    },
    kind: {
      history: 'Historial',
      report: 'Informe de datos',
      alarmlog: 'Registro de alarmas',
      devices: 'Lista de dispositivos',
      statreport: 'Informe estadístico',
    },
    status: {
      all: 'Todos los estados',
      queued: 'En cola',
      running: 'En curso',
      done: 'Terminado',
      failed: 'Fallido',
      expired: 'Caducado',
    },
    col: {
      title: 'Archivo',
      status: 'Estado',
      rows: 'Filas',
      size: 'Tamaño',
      format: 'Formato',
      created: 'Creado',
      finished: 'Terminado',
      expires: 'Caduca',
      actions: 'Acciones',
    },
    download: 'Descargar',
    downloaded: 'Descarga iniciada',
    deleteName: 'la exportación {{name}}',
    deleted: 'Eliminado',
    total: 'Total: {{total}}',
    unknownError: 'Error desconocido',
    empty: {
      title: 'Todavía no hay archivos exportados',
      hint: 'Pulse "Exportar" en las páginas de historial, informe de datos, registro de alarmas o lista de dispositivos; los archivos aparecen aquí y se conservan {{days}} días.',
      filtered: 'Ninguna exportación coincide con el filtro',
    },
  },
};

export const fileDownloadBundle = defineBundle(zh, en, es);
