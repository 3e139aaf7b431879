/** Server messages of the device ledger (issue 22 item 1, docs/maintenance.md "Device ledger"). */
import type { MessageTexts } from './messages.js';

export const ASSET_MESSAGES = {
  'asset.codeTaken': {
    zh: '资产编号 {code} 已被使用',
    en: 'asset code {code} is already used',
    es: 'el código de activo {code} ya está en uso',
  },
  'asset.unknownDevice': {
    zh: '设备 {id} 不存在',
    en: 'device {id} does not exist',
    es: 'el dispositivo {id} no existe',
  },
  'asset.unknownAsset': {
    zh: '资产 {id} 不存在',
    en: 'asset {id} does not exist',
    es: 'el activo {id} no existe',
  },
  'asset.fileRequired': {
    zh: '请选择一个文件',
    en: 'a file is required',
    es: 'se necesita un archivo',
  },
  'asset.fileTooLarge': {
    zh: '文件不能超过 {max} MB',
    en: 'the file must not exceed {max} MB',
    es: 'el archivo no debe superar {max} MB',
  },
  'asset.unsupportedFile': {
    zh: '只支持 JPEG、PNG 图片和 PDF 文件',
    en: 'only JPEG and PNG images and PDF files are accepted',
    es: 'solo se aceptan imágenes JPEG y PNG y archivos PDF',
  },
  'asset.tooManyFiles': {
    zh: '每个资产最多 {max} 个附件',
    en: 'an asset holds at most {max} attachments',
    es: 'un activo admite como máximo {max} adjuntos',
  },
  'asset.importFile': {
    zh: '请上传按模板填写的 xlsx 或 csv 文件(第 1 行为列名)',
    en: 'upload an xlsx or csv file laid out like the template (row 1: the column keys)',
    es: 'suba un archivo xlsx o csv como la plantilla (fila 1: las claves de columna)',
  },
  'asset.importEmpty': {
    zh: '文件中没有资产行',
    en: 'the file holds no asset rows',
    es: 'el archivo no tiene filas de activos',
  },
  'asset.importTooMany': {
    zh: '一次最多导入 {max} 行',
    en: 'at most {max} rows per import',
    es: 'como máximo {max} filas por importación',
  },
  'asset.importRepeats': {
    zh: '编号与第 {row} 行重复',
    en: 'code: repeats row {row}',
    es: 'código: repite la fila {row}',
  },
  'asset.importCodeUsed': {
    zh: '编号已被使用',
    en: 'code: already used',
    es: 'código: ya en uso',
  },
  'asset.importNoDevice': {
    zh: '没有 IMEI 为 {imei} 的设备',
    en: 'device_imei: no device {imei}',
    es: 'device_imei: no hay dispositivo {imei}',
  },
  'asset.importField': {
    zh: '{field} 无效:{detail}',
    en: '{field}: {detail}',
    es: '{field} no válido: {detail}',
  },
} satisfies Record<string, MessageTexts>;
