import { ASSET_IMPORT_COLUMNS, type AssetWarrantyState, type Language } from '@fleet/contracts';

type Column = (typeof ASSET_IMPORT_COLUMNS)[number];

/** Words of the asset export file; the import also reads these headers (an export re-imports). */
export const ASSET_FILE_WORDS: Record<
  Language,
  {
    header: Record<Column, string>;
    device: string;
    warranty: string;
    state: Record<AssetWarrantyState, string>;
  }
> = {
  zh: {
    header: {
      code: '资产编号',
      name: '名称',
      model: '型号',
      category: '类别',
      location: '位置',
      lat: '纬度',
      lng: '经度',
      supplier: '供应商',
      installed_on: '安装日期',
      warranty_until: '保修截止',
      status: '状态',
      notes: '备注',
      device_imei: '设备IMEI',
    },
    device: '关联设备',
    warranty: '保修状态',
    state: { in: '在保', expiring: '即将过保', out: '已过保', none: '无保修信息' },
  },
  en: {
    header: {
      code: 'Asset code',
      name: 'Name',
      model: 'Model',
      category: 'Category',
      location: 'Location',
      lat: 'Latitude',
      lng: 'Longitude',
      supplier: 'Supplier',
      installed_on: 'Installed on',
      warranty_until: 'Warranty until',
      status: 'Status',
      notes: 'Notes',
      device_imei: 'Device IMEI',
    },
    device: 'Linked device',
    warranty: 'Warranty',
    state: { in: 'In warranty', expiring: 'Expiring', out: 'Out of warranty', none: 'No warranty date' },
  },
  es: {
    header: {
      code: 'Código de activo',
      name: 'Nombre',
      model: 'Modelo',
      category: 'Categoría',
      location: 'Ubicación',
      lat: 'Latitud',
      lng: 'Longitud',
      supplier: 'Proveedor',
      installed_on: 'Instalado el',
      warranty_until: 'Garantía hasta',
      status: 'Estado',
      notes: 'Notas',
      device_imei: 'IMEI del dispositivo',
    },
    device: 'Dispositivo vinculado',
    warranty: 'Garantía',
    state: { in: 'En garantía', expiring: 'Por vencer', out: 'Fuera de garantía', none: 'Sin fecha' },
  },
};

/** Column key of a header cell: the key itself or its export header in any language. */
export function importKeyOf(header: string): string {
  const h = header.trim().toLowerCase();
  for (const words of Object.values(ASSET_FILE_WORDS))
    for (const key of ASSET_IMPORT_COLUMNS) if (words.header[key].toLowerCase() === h) return key;
  return h;
}
