/** Server messages of SCADA: apps and templates, and the graph library. */
import type { MessageTexts } from './messages.js';

export const SCADA_MESSAGES = {
  // SCADA apps and templates
  'scada.staleVersion': {
    zh: '画面已被他人修改(当前版本 {version}),请重新加载后再保存',
    en: 'the drawing was changed by someone else (it is now at version {version}); reload it before saving',
    es: 'otra persona modificó el dibujo (ahora está en la versión {version}); vuelva a cargarlo antes de guardar',
  },
  'scada.documentTooNew': {
    zh: '画面格式版本 {version} 比服务器支持的版本 {supported} 更新,请升级服务器',
    en: 'the drawing format version {version} is newer than this server supports ({supported}); upgrade the server',
    es: 'la versión {version} del formato del dibujo es más reciente que la que admite este servidor ({supported}); actualice el servidor',
  },
  'scada.templateRequired': {
    zh: '组态模板必须绑定一个设备模板',
    en: 'a SCADA template must be bound to a device template',
    es: 'una plantilla SCADA debe estar vinculada a una plantilla de dispositivo',
  },
  'scada.templateNotAllowed': {
    zh: '组态应用不绑定设备模板',
    en: 'a SCADA app is not bound to a device template',
    es: 'una aplicación SCADA no se vincula a una plantilla de dispositivo',
  },
  'scada.unknownTemplate': {
    zh: '设备模板 {id} 不存在',
    en: 'no device template {id}',
    es: 'no existe la plantilla de dispositivo {id}',
  },
  'scada.notTemplate': {
    zh: '只有组态模板可以按设备解析',
    en: 'only a SCADA template is resolved for a device',
    es: 'solo una plantilla SCADA se resuelve para un dispositivo',
  },
  'scada.deviceNotOfTemplate': {
    zh: '设备 {id} 不是由该组态绑定的设备模板创建的',
    en: 'device {id} is not built from the device template of this SCADA template',
    es: 'el dispositivo {id} no se creó con la plantilla de dispositivo de esta plantilla SCADA',
  },
  // Graph library uploads
  'graphlib.tooLarge': {
    zh: '文件超过 {max} MB,未保存',
    en: 'the file is larger than {max} MB and was not stored',
    es: 'el archivo supera {max} MB y no se guardó',
  },
  'graphlib.unsupportedType': {
    zh: '只能上传 SVG 或 PNG 文件',
    en: 'only SVG and PNG files can be uploaded',
    es: 'solo se pueden subir archivos SVG y PNG',
  },
  'graphlib.notPng': {
    zh: '文件不是有效的 PNG 图片',
    en: 'the file is not a valid PNG image',
    es: 'el archivo no es una imagen PNG válida',
  },
  'graphlib.notSvg': {
    zh: '文件不是有效的 SVG 图形(根元素必须是 svg)',
    en: 'the file is not a valid SVG drawing (its root element must be svg)',
    es: 'el archivo no es un dibujo SVG válido (su elemento raíz debe ser svg)',
  },
  'graphlib.entities': {
    zh: 'SVG 文件不能包含 DOCTYPE 或实体声明',
    en: 'an SVG file must not contain a DOCTYPE or entity declarations',
    es: 'un archivo SVG no debe contener DOCTYPE ni declaraciones de entidades',
  },
  'graphlib.fileRequired': {
    zh: '请选择要上传的文件(multipart 字段 file)',
    en: 'choose a file to upload (multipart field "file")',
    es: 'elija un archivo para subir (campo multipart "file")',
  },
  'graphlib.unknownCategory': {
    zh: '图库分类 {id} 不存在',
    en: 'no graph library category {id}',
    es: 'no existe la categoría {id} de la biblioteca gráfica',
  },
  'graphlib.categoryExists': {
    zh: '已有名为 {name} 的图库分类',
    en: 'a graph library category named {name} already exists',
    es: 'ya existe una categoría de la biblioteca gráfica llamada {name}',
  },
  'graphlib.categoryNotEmpty': {
    zh: '分类中还有 {count} 个图元,请先删除或移走',
    en: 'the category still holds {count} symbols; delete or move them first',
    es: 'la categoría aún contiene {count} símbolos; elimínelos o muévalos primero',
  },
  'graphlib.inUse': {
    zh: '该图片正在 {count} 个组态或自定义大屏中使用({names}),请先在其中替换或删除它',
    en: 'the picture is shown by {count} SCADA app(s) or custom screen(s) ({names}); replace or remove it there first',
    es: 'la imagen se muestra en {count} aplicación(es) SCADA o pantalla(s) personalizada(s) ({names}); reemplácela o quítela allí primero',
  },
} as const satisfies Record<string, MessageTexts>;
