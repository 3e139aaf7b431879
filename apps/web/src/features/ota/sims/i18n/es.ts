import type en from './en';

/** Tarjetas SIM, español. */
const es: typeof en = {
  otaSims: {
    search: 'ICCID o nota',
    add: 'Añadir tarjeta SIM',
    addTitle: 'Añadir tarjeta SIM',
    editTitle: 'Editar tarjeta SIM {{iccid}}',
    added: 'Tarjeta SIM añadida',
    saved: 'Tarjeta SIM guardada',
    total: 'Total {{total}}',
    noExpiry: 'Sin vencimiento',
    expired: 'Vencida',
    expiringSoon: 'Vence en 30 días',
    expiresIn: 'Vence en {{count}} días',
    deleteKeepsGateways: 'Sus pasarelas conservan el ICCID; su estado SIM queda vacío.',
    col: {
      carrier: 'Operador',
      status: 'Estado',
      data: 'Datos usados',
      expires: 'Vence el',
      gateways: 'Pasarelas',
    },
    carrier: {
      'china-mobile': 'China Mobile',
      'china-unicom': 'China Unicom',
      'china-telecom': 'China Telecom',
      other: 'Otro',
    },
    form: {
      usedMb: 'Datos usados (MB)',
      limitMb: 'Límite de datos (MB)',
      limitHelp: 'Vacío: sin límite',
    },
    import: {
      action: 'Importar',
      title: 'Importar tarjetas SIM',
      help: 'Una tarjeta por línea: ICCID, operador, estado, fecha de vencimiento (AAAA-MM-DD), datos usados y límite en MB, nota. Solo el ICCID es obligatorio; se omite una línea de encabezado. Operadores: china-mobile, china-unicom, china-telecom, other; estados: active, suspended, deactivated.',
      count: '{{count}} tarjeta(s)',
      submit: 'Importar',
      done: '{{count}} tarjeta(s) SIM importada(s)',
      repeatsLine: 'el ICCID {{iccid}} repite la línea {{line}}',
      client: {
        iccid: 'el ICCID debe tener de 19 a 20 dígitos o letras',
        carrier: 'operador desconocido (china-mobile, china-unicom, china-telecom, other)',
        status: 'estado desconocido (active, suspended, deactivated)',
        date: 'la fecha de vencimiento debe ser AAAA-MM-DD',
        amount: 'los datos deben ser MB, 0 o más',
      },
    },
    link: {
      action: 'Pasarelas vinculadas',
      title: 'Pasarelas que usan {{iccid}}',
      none: 'Ninguna pasarela',
      pick: 'Buscar una pasarela por IMEI',
      noGateways: 'No se encontró ninguna pasarela',
      replaces: 'ahora {{iccid}}',
      link: 'Vincular',
      linked: 'Pasarela vinculada',
      unlink: 'Desvincular',
      unlinkConfirm: '¿Desvincular la pasarela {{imei}} de esta tarjeta?',
      unlinked: 'Pasarela desvinculada',
    },
  },
};
export default es;
