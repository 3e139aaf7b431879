/**
 * Messages the server sends for a person to read (code 20000, and the reason of some 10002 answers),
 * in the three languages of SPEC 1. The server answers the key and its parameters beside the English
 * text (`msg_key`, `msg_params` in the envelope); the web app shows the text of the user's language
 * from this same table, so a message is written once and cannot drift between server and screen.
 * Placeholders are `{name}`; every language of a message uses the same ones (a test holds them together).
 */
export interface MessageTexts {
  zh: string;
  en: string;
  es: string;
}

export const SERVER_MESSAGES = {
  // Sign-in, sessions and registration
  'auth.throttled': {
    zh: '登录失败次数过多,请稍后再试',
    en: 'too many failed sign-in attempts, please try again later',
    es: 'demasiados intentos fallidos de inicio de sesión; inténtelo más tarde',
  },
  'auth.accountDisabled': {
    zh: '账号已被禁用',
    en: 'account is disabled',
    es: 'la cuenta está deshabilitada',
  },
  'auth.accountExpired': {
    zh: '账号已过期',
    en: 'account has expired',
    es: 'la cuenta ha caducado',
  },
  'auth.demoDisabled': {
    zh: '演示账号未启用',
    en: 'demo is not enabled',
    es: 'la demostración no está habilitada',
  },
  'registration.tooMany': {
    zh: '注册过于频繁,请稍后再试',
    en: 'too many registrations, please try again later',
    es: 'demasiados registros; inténtelo más tarde',
  },
  'registration.unavailable': {
    zh: '当前不开放注册',
    en: 'registration is not available',
    es: 'el registro no está disponible',
  },
  // Users and roles
  'user.usernameExists': {
    zh: '用户名已存在',
    en: 'username already exists',
    es: 'el nombre de usuario ya existe',
  },
  'user.oldPasswordWrong': {
    zh: '原密码错误',
    en: 'old password is wrong',
    es: 'la contraseña anterior es incorrecta',
  },
  'user.hasChildren': {
    zh: '该用户下还有下级用户',
    en: 'the user still has users below it',
    es: 'el usuario todavía tiene usuarios por debajo',
  },
  'user.ownsDevices': {
    zh: '该用户名下还有设备',
    en: 'the user still owns devices',
    es: 'el usuario todavía tiene dispositivos',
  },
  'user.limitAboveOwn': {
    zh: '{limit} 超过了您自己的额度({own})',
    en: '{limit}: more than you have ({own})',
    es: '{limit}: más de lo que usted tiene ({own})',
  },
  'role.nameExists': {
    zh: '已存在同名角色',
    en: 'a role with this name already exists',
    es: 'ya existe un rol con este nombre',
  },
  'role.inUse': {
    zh: '该角色仍分配给了用户',
    en: 'the role is still assigned to users',
    es: 'el rol todavía está asignado a usuarios',
  },
  'customize.domainExists': {
    zh: '该域名已有定制',
    en: 'this domain is already customized',
    es: 'este dominio ya está personalizado',
  },
  // Devices
  'device.limitReached': {
    zh: '设备数量已达上限:账号最多可有 {limit} 台设备,当前已有 {used} 台',
    en: 'device limit reached: the account may have {limit} devices, it has {used}',
    es: 'límite de dispositivos alcanzado: la cuenta puede tener {limit} dispositivos y tiene {used}',
  },
  'device.limitReachedAdding': {
    zh: '设备数量已达上限:账号最多可有 {limit} 台设备,当前已有 {used} 台,本次又申请了 {adding} 台',
    en: 'device limit reached: the account may have {limit} devices, it has {used} and {adding} more were requested',
    es: 'límite de dispositivos alcanzado: la cuenta puede tener {limit} dispositivos, tiene {used} y se pidieron {adding} más',
  },
  'model.inUse': {
    zh: '该型号正被 {count} 台设备使用',
    en: 'the model is used by {count} devices',
    es: 'el modelo lo usan {count} dispositivos',
  },
  'ingest.tooManyRequests': {
    zh: '请求过于频繁',
    en: 'too many requests',
    es: 'demasiadas solicitudes',
  },
  // Data center
  'export.tooManyActive': {
    zh: '同时最多只能有 {max} 个导出任务排队或运行:请等待其中一个完成或删除一个',
    en: 'at most {max} exports can be queued or running at once: wait for one to finish or delete one',
    es: 'como máximo {max} exportaciones pueden estar en cola o en curso: espere a que termine una o elimine una',
  },
  // Reasons of 10002 answers that a form can cause (the field stays in front: "body.x: reason")
  'range.endBeforeStart': {
    zh: '结束时间不能早于开始时间',
    en: 'must not be before starttime',
    es: 'no puede ser anterior a la hora de inicio',
  },
  'range.startAfterEnd': {
    zh: '开始时间不能晚于结束时间',
    en: 'must not be after endtime',
    es: 'no puede ser posterior a la hora de fin',
  },
  'range.tooLongDays': {
    zh: '时间范围最多 {days} 天',
    en: 'the range may cover at most {days} days',
    es: 'el intervalo puede cubrir como máximo {days} días',
  },
  'report.deviceOrGroup': {
    zh: '请在设备和分组中二选一',
    en: 'give exactly one of device_id and group_id',
    es: 'indique solo uno de device_id y group_id',
  },
  'report.tooManyPeriods': {
    zh: '一份报表最多 {max} 个周期',
    en: 'at most {max} periods in one report',
    es: 'como máximo {max} periodos en un informe',
  },
  'contact.notFound': {
    zh: '联系人 {id} 不存在',
    en: 'contact {id} not found',
    es: 'no existe el contacto {id}',
  },
  'contact.noEmail': {
    zh: '联系人 {id} 没有邮箱',
    en: 'contact {id} has no e-mail',
    es: 'el contacto {id} no tiene correo electrónico',
  },
  'trigger.unknownContact': {
    zh: '联系人不存在',
    en: 'unknown contact',
    es: 'contacto desconocido',
  },
  'trigger.notPointOfDevice': {
    zh: '该数据点不属于此设备',
    en: 'not a point of the device',
    es: 'no es un punto del dispositivo',
  },
  'trigger.tooManyOnPoint': {
    zh: '每个数据点最多 {max} 个触发器',
    en: 'at most {max} triggers per point',
    es: 'como máximo {max} disparadores por punto',
  },
  'trigger.deadbandTooWide': {
    zh: '死区过宽(2 × 死区 > 上限 − 下限)',
    en: 'wider than the range (2 × deadband > uplmt − lolmt)',
    es: 'más ancha que el intervalo (2 × banda muerta > uplmt − lolmt)',
  },
  'import.noImei': {
    zh: '没有填写 IMEI(每行一个)',
    en: 'no IMEI given (one per line)',
    es: 'no se indicó ningún IMEI (uno por línea)',
  },
  // OTA gateway and SIM registry (docs/api-ota.md)
  'ota.invalidImei': {
    zh: 'IMEI 须为 6 到 20 位数字',
    en: 'IMEI must be 6-20 digits',
    es: 'el IMEI debe tener de 6 a 20 dígitos',
  },
  'ota.duplicateImei': {
    zh: 'IMEI {imei} 在输入中重复(第 {first} 行)',
    en: 'IMEI {imei} repeats line {first} of the input',
    es: 'el IMEI {imei} repite la línea {first} de la entrada',
  },
  'ota.imeiTaken': {
    zh: 'IMEI {imei} 已被注册',
    en: 'IMEI {imei} is already registered',
    es: 'el IMEI {imei} ya está registrado',
  },
  'ota.duplicateIccid': {
    zh: 'ICCID {iccid} 在输入中重复(第 {first} 项)',
    en: 'ICCID {iccid} repeats item {first} of the input',
    es: 'el ICCID {iccid} repite el elemento {first} de la entrada',
  },
  'ota.iccidTaken': {
    zh: 'ICCID {iccid} 已被注册',
    en: 'ICCID {iccid} is already registered',
    es: 'el ICCID {iccid} ya está registrado',
  },
  'ota.importFailed': {
    zh: '{failed}/{total} 行有误,未保存任何内容',
    en: '{failed} of {total} lines are wrong, nothing was stored',
    es: '{failed} de {total} líneas son incorrectas; no se guardó nada',
  },
  'ota.unknownProject': {
    zh: '项目 {id} 不存在',
    en: 'project {id} does not exist',
    es: 'el proyecto {id} no existe',
  },
  'ota.unknownUser': {
    zh: '用户 {id} 不在您的账号下',
    en: 'user {id} is not one of your accounts',
    es: 'el usuario {id} no es una de sus cuentas',
  },
  // Gateway parameters (SPEC 5), the message of each rule in packages/contracts/src/ota
  'gatewayParams.port': {
    zh: '端口范围为 1 到 65535',
    en: 'port must be between 1 and 65535',
    es: 'el puerto debe estar entre 1 y 65535',
  },
  'gatewayParams.hexPrefix': {
    zh: '十六进制内容需以 0x 开头且为整字节',
    en: 'hex content needs the 0x prefix and whole bytes',
    es: 'el contenido hexadecimal necesita el prefijo 0x y bytes completos',
  },
  'gatewayParams.heartbeat': {
    zh: '心跳间隔为 0(关闭)或秒数,建议 60 到 300',
    en: 'heartbeat interval is 0 (off) or seconds, 60 to 300 suggested',
    es: 'el intervalo de latido es 0 (apagado) o segundos; se sugiere de 60 a 300',
  },
  'gatewayParams.hj212Flag': {
    zh: 'HJ212 标志只能为 0 或 5',
    en: 'HJ212 flag must be 0 or 5',
    es: 'el indicador HJ212 debe ser 0 o 5',
  },
  'gatewayParams.reportInterval': {
    zh: '上报间隔(分钟)不能小于 0,0 表示不上报',
    en: 'report interval in minutes must be at least 0 (0 means none)',
    es: 'el intervalo de informe en minutos debe ser al menos 0 (0 significa ninguno)',
  },
  'gatewayParams.supplementaryNeedsRandom': {
    zh: '补发数据需要先启用随机数',
    en: 'supplementary data requires the random number to be enabled',
    es: 'los datos suplementarios requieren activar el número aleatorio',
  },
  'gatewayParams.randomRange': {
    zh: '随机数最小值不能大于最大值',
    en: 'random number minimum must not exceed the maximum',
    es: 'el mínimo del número aleatorio no debe superar el máximo',
  },
  'gatewayParams.retention': {
    zh: '保存时间(分钟)至少为 1',
    en: 'retention time in minutes must be at least 1',
    es: 'el tiempo de retención en minutos debe ser al menos 1',
  },
  'gatewayParams.routingNeeds4g': {
    zh: '启用 4G 路由前需先启用 4G',
    en: '4G routing needs 4G to be enabled',
    es: 'el enrutamiento 4G requiere activar 4G',
  },
  'gatewayParams.routingStopsCollection': {
    zh: '启用 4G 路由会关闭网口采集',
    en: '4G routing turns network-port collection off',
    es: 'el enrutamiento 4G desactiva la recolección por el puerto de red',
  },
  'gatewayParams.staticNeedsIp': {
    zh: '静态 IP 需要填写 IP 地址',
    en: 'a static IP needs an address',
    es: 'una IP estática necesita una dirección',
  },
  'gatewayParams.modbusInterval': {
    zh: 'Modbus 间隔至少为 5',
    en: 'the Modbus interval must be at least 5',
    es: 'el intervalo Modbus debe ser al menos 5',
  },
  'gatewayParams.versionMin': {
    zh: '参数版本须为不小于 1 的整数',
    en: 'param version must be an integer of at least 1',
    es: 'la versión de parámetros debe ser un entero de al menos 1',
  },
  'gatewayParams.versionNotAbove': {
    zh: '参数版本必须大于当前版本',
    en: 'param version must exceed the current version',
    es: 'la versión de parámetros debe superar la versión actual',
  },
  'gatewayParams.uartReadMs': {
    zh: '串口读取时间为 10 到 2000 毫秒',
    en: 'uart read time must be 10 to 2000 ms',
    es: 'el tiempo de lectura UART debe ser de 10 a 2000 ms',
  },
  'gatewayParams.switchSlaveId': {
    zh: '交换从站地址为 1 到 254',
    en: 'switch slave id must be 1 to 254',
    es: 'el id de esclavo de conmutación debe ser de 1 a 254',
  },
  'gatewayParams.thirdPartyVersion': {
    zh: '对接第三方平台需参数版本大于 1',
    en: 'param version must be above 1 to connect a third-party platform',
    es: 'la versión de parámetros debe ser mayor que 1 para conectar una plataforma de terceros',
  },
  // SCADA apps and templates
  'scada.staleVersion': {
    zh: '画面已被他人修改(当前版本 {version}),请重新加载后再保存',
    en: 'the drawing was changed by someone else (it is now at version {version}); reload it before saving',
    es: 'otra persona modificó el dibujo (ahora está en la versión {version}); vuelva a cargarlo antes de guardar',
  },
  'scada.limitReached': {
    zh: '组态数量已达上限:账号最多可有 {limit} 个组态,当前已有 {used} 个',
    en: 'SCADA limit reached: the account may have {limit} SCADA apps, it has {used}',
    es: 'límite de SCADA alcanzado: la cuenta puede tener {limit} aplicaciones SCADA y tiene {used}',
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
  'graphlib.limitReached': {
    zh: '图库上传数量已达上限:账号最多可上传 {limit} 个图元,当前已有 {used} 个',
    en: 'graph upload limit reached: the account may upload {limit} symbols, it has {used}',
    es: 'límite de símbolos subidos alcanzado: la cuenta puede subir {limit} símbolos y tiene {used}',
  },
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
  // The money ledger (DESIGN 14, docs/ledger.md)
  'ledger.insufficientBalance': {
    zh: '余额不足',
    en: 'insufficient balance',
    es: 'saldo insuficiente',
  },
  'ledger.insufficientQuota': {
    zh: '剩余条数不足',
    en: 'not enough remaining quota',
    es: 'cuota restante insuficiente',
  },
  'ledger.idempotencyConflict': {
    zh: '该请求编号已用于另一笔不同的交易',
    en: 'this request id was already used for a different transaction',
    es: 'este identificador de solicitud ya se usó para otra transacción distinta',
  },
  'ledger.transferNotFound': {
    zh: '交易不存在',
    en: 'no such transaction',
    es: 'la transacción no existe',
  },
  'ledger.transferSettled': {
    zh: '交易已完成或已撤销,不能再更改',
    en: 'the transaction is already completed or cancelled and cannot be changed',
    es: 'la transacción ya está completada o anulada y no se puede cambiar',
  },
} as const satisfies Record<string, MessageTexts>;

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;
export type MessageParams = Record<string, string | number>;
export type MessageLanguage = keyof MessageTexts;

export function isServerMessageKey(key: unknown): key is ServerMessageKey {
  return typeof key === 'string' && Object.hasOwn(SERVER_MESSAGES, key);
}

/** The `{name}` placeholders of a text, sorted (for the test that keeps the languages in step). */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}

/** The message in `language` with its placeholders filled (a missing parameter stays visible as {name}). */
export function formatServerMessage(
  key: ServerMessageKey,
  params: MessageParams = {},
  language: MessageLanguage = 'en',
): string {
  return SERVER_MESSAGES[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
