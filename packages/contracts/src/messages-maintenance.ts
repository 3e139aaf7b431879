/** Server messages of maintenance work orders (issue 22, docs/maintenance.md). */
import type { MessageTexts } from './messages.js';

export const MAINTENANCE_MESSAGES = {
  'maintenance.transitionRefused': {
    zh: '工单当前状态({status})不允许此操作:{event}',
    en: 'the work order cannot take “{event}” in its current status ({status})',
    es: 'la orden de trabajo no admite «{event}» en su estado actual ({status})',
  },
  'maintenance.unknownAssignee': {
    zh: '用户 {id} 不属于本租户,不能接单',
    en: 'user {id} is not a user of this tenant and cannot take work orders',
    es: 'el usuario {id} no es de este inquilino y no puede recibir órdenes',
  },
  'maintenance.unknownDevice': {
    zh: '设备 {id} 不存在',
    en: 'device {id} does not exist',
    es: 'el dispositivo {id} no existe',
  },
  'maintenance.unknownAlarm': {
    zh: '告警 {id} 不存在',
    en: 'alarm {id} does not exist',
    es: 'la alarma {id} no existe',
  },
  'maintenance.alarmHasOrder': {
    zh: '该告警已有未完成的工单 {id}',
    en: 'this alarm already has open work order {id}',
    es: 'esta alarma ya tiene la orden abierta {id}',
  },
  'maintenance.unknownFile': {
    zh: '文件 {hash} 未上传到此工单',
    en: 'file {hash} was not uploaded to this work order',
    es: 'el archivo {hash} no se subió a esta orden',
  },
  'maintenance.signatureKind': {
    zh: '签名须是上传为签名的 PNG 图片',
    en: 'the signature must be a PNG uploaded as a signature',
    es: 'la firma debe ser un PNG subido como firma',
  },
  'maintenance.fileRequired': {
    zh: '请选择一个图片文件',
    en: 'an image file is required',
    es: 'se necesita un archivo de imagen',
  },
  'maintenance.fileTooLarge': {
    zh: '图片不能超过 {max} MB',
    en: 'the image must not exceed {max} MB',
    es: 'la imagen no debe superar {max} MB',
  },
  'maintenance.unsupportedImage': {
    zh: '只支持 JPEG 和 PNG 图片',
    en: 'only JPEG and PNG images are accepted',
    es: 'solo se aceptan imágenes JPEG y PNG',
  },
  'maintenance.checklistIndex': {
    zh: '检查项 {index} 不存在',
    en: 'checklist item {index} does not exist',
    es: 'el punto de control {index} no existe',
  },
  'maintenance.enforcementFileRequired': {
    zh: '请选择一个照片或视频文件',
    en: 'a photo or video file is required',
    es: 'se necesita un archivo de foto o vídeo',
  },
  'maintenance.enforcementFileTooLarge': {
    zh: '{kind}不能超过 {max} MB',
    en: 'the {kind} must not exceed {max} MB',
    es: 'el archivo ({kind}) no debe superar {max} MB',
  },
  'maintenance.enforcementUnsupportedFile': {
    zh: '只支持 JPEG、PNG 照片和 MP4、WebM 视频',
    en: 'only JPEG and PNG photos and MP4 and WebM videos are accepted',
    es: 'solo se aceptan fotos JPEG y PNG y vídeos MP4 y WebM',
  },
  'maintenance.enforcementUnknownFile': {
    zh: '文件 {hash} 未上传',
    en: 'file {hash} was not uploaded',
    es: 'el archivo {hash} no se ha subido',
  },
  'maintenance.enforcementHasOrder': {
    zh: '该执法记录已有未完成的工单 {id}',
    en: 'this record already has open work order {id}',
    es: 'este registro ya tiene la orden abierta {id}',
  },
  'maintenance.workOrdersOff': {
    zh: '维保管理模块已关闭,不能生成工单',
    en: 'the maintenance module is off: no work order can be raised',
    es: 'el módulo de mantenimiento está desactivado: no se pueden crear órdenes',
  },
} satisfies Record<string, MessageTexts>;
