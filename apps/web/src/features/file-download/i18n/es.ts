import type { Texts } from './zh';

/** Strings of file-download in Spanish. */
const es: Texts = {
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
      otalog: 'Registro OTA',
      noticelog: 'Registro de avisos',
      maintstats: 'Indicadores de mantenimiento',
      otastrace: 'Trazas de error OTA',
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

export default es;
