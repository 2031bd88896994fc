/**
 * Texts SafeTap sends by email, SMS, WhatsApp or voice, in each language.
 * Server-only: none of this ships to browsers. Placeholders are {{name}}.
 */
import { isLanguage, type Language } from "#core/languages.ts";

type Catalog = Record<string, string>;

const en: Catalog = {
  "alert.subject": "EMERGENCY: {{name}} needs help",
  "alert.testSubject": "TEST: SafeTap alert for {{name}}",
  "alert.testPrefix": "TEST, no action needed. ",
  "alert.cardLead":
    "Someone scanned {{name}}'s SafeTap tag {{tag}} and raised an emergency alert at {{time}}.",
  "alert.sosLead": "{{name}} sent an SOS from SafeTap at {{time}}.",
  "alert.testLead": "{{name}} sent a test alert from SafeTap at {{time}}.",
  "alert.location": "Location: {{map}}",
  "alert.noLocation": "No location was shared.",
  "alert.ack": "If you are going to help, say so here: {{ack}}",
  "alert.callHelp": "If it looks serious, call the local emergency number.",
  "alert.sms": "EMERGENCY: {{name}} needs help ({{time}}). {{where}} Reply: {{ack}}",
  "alert.testSms": "TEST from SafeTap for {{name}} ({{time}}). No action needed. {{where}}",
  "alert.smsLocation": "Location: {{map}}.",
  "alert.smsNoLocation": "No location shared.",
  "alert.voice":
    "This is SafeTap with an emergency alert. {{name}} needs help. The alert was raised at {{time}}. Please check your messages for the location and reply that you are on your way.",
  "escalation.subject": "STILL NO ANSWER: {{name}} needs help",
  "escalation.lead": "Nobody has answered the emergency alert for {{name}} raised at {{time}} yet.",
  "escalation.sms": "STILL NO ANSWER: {{name}} needs help ({{time}}). {{where}} Reply: {{ack}}",
  "allClear.subject": "All clear: {{name}} is safe",
  "allClear.body":
    "All clear: {{name}} says they are safe. You can ignore the SOS sent at {{time}}.",
  "quota.subject": "SafeTap: some alert messages could not be sent",
  "quota.body":
    "An alert was raised at {{time}}. Your plan's message allowance is used up, so these were not sent by SMS, WhatsApp or voice: {{contacts}}. Email contacts were still alerted. Upgrade your plan to keep every channel.",
  "code.subject": "Your SafeTap code: {{code}}",
  "code.email":
    "Your SafeTap verification code is {{code}}.\n\nIt expires in 10 minutes and can be used once. If you did not ask for it, you can ignore this message; nobody can sign in without it.",
  "code.sms": "SafeTap code: {{code}}. Valid for 10 minutes. Never share it.",
  "reset.subject": "Reset your SafeTap password: {{code}}",
  "reset.email":
    "Your SafeTap password reset code is {{code}}.\n\nIt expires in 10 minutes. If you did not ask to reset your password, ignore this message: your password stays the same.",
  "reset.sms": "SafeTap password reset code: {{code}}. Valid for 10 minutes. Never share it.",
  "existing.subject": "Someone tried to create a SafeTap account with your address",
  "existing.email":
    "Someone tried to create a new SafeTap account with this address, which already has an account. If it was you, sign in instead ({{url}}), or reset your password there. If it was not you, you can ignore this message.",
  "existing.sms":
    "Someone tried to sign up to SafeTap with this number, which already has an account. If it was you, sign in at {{url}}.",
  "found.subject": "Your SafeTap tag {{tag}} was found",
  "found.body":
    'Someone found your SafeTap tag {{tag}} and pressed "I found this tag" on its page. SafeTap did not show them any of your details.',
  "found.note": "Their message: {{message}}",
  "found.none": "They left no message.",
  "found.manage": "When you have it back, mark it found in your dashboard: {{url}}",
};

const es: Catalog = {
  "alert.subject": "EMERGENCIA: {{name}} necesita ayuda",
  "alert.testSubject": "PRUEBA: alerta de SafeTap para {{name}}",
  "alert.testPrefix": "PRUEBA, no hace falta hacer nada. ",
  "alert.cardLead":
    "Alguien escaneó la etiqueta SafeTap {{tag}} de {{name}} y lanzó una alerta de emergencia a las {{time}}.",
  "alert.sosLead": "{{name}} envió un SOS desde SafeTap a las {{time}}.",
  "alert.testLead": "{{name}} envió una alerta de prueba desde SafeTap a las {{time}}.",
  "alert.location": "Ubicación: {{map}}",
  "alert.noLocation": "No se compartió ninguna ubicación.",
  "alert.ack": "Si vas a ayudar, indícalo aquí: {{ack}}",
  "alert.callHelp": "Si parece grave, llama al número de emergencias local.",
  "alert.sms": "EMERGENCIA: {{name}} necesita ayuda ({{time}}). {{where}} Responde: {{ack}}",
  "alert.testSms":
    "PRUEBA de SafeTap para {{name}} ({{time}}). No hace falta hacer nada. {{where}}",
  "alert.smsLocation": "Ubicación: {{map}}.",
  "alert.smsNoLocation": "Sin ubicación.",
  "alert.voice":
    "Le llamamos de SafeTap con una alerta de emergencia. {{name}} necesita ayuda. La alerta se lanzó a las {{time}}. Consulte sus mensajes para ver la ubicación y responda que va en camino.",
  "escalation.subject": "SIN RESPUESTA TODAVÍA: {{name}} necesita ayuda",
  "escalation.lead":
    "Nadie ha respondido aún a la alerta de emergencia de {{name}} lanzada a las {{time}}.",
  "escalation.sms":
    "SIN RESPUESTA: {{name}} necesita ayuda ({{time}}). {{where}} Responde: {{ack}}",
  "allClear.subject": "Todo bien: {{name}} está a salvo",
  "allClear.body":
    "Todo bien: {{name}} dice que está a salvo. Puedes ignorar el SOS enviado a las {{time}}.",
  "quota.subject": "SafeTap: algunos mensajes de alerta no se pudieron enviar",
  "quota.body":
    "Se lanzó una alerta a las {{time}}. El cupo de mensajes de tu plan está agotado, así que no se envió por SMS, WhatsApp ni llamada a: {{contacts}}. Los contactos por correo sí recibieron la alerta. Mejora tu plan para mantener todos los canales.",
  "code.subject": "Tu código de SafeTap: {{code}}",
  "code.email":
    "Tu código de verificación de SafeTap es {{code}}.\n\nCaduca en 10 minutos y solo se puede usar una vez. Si no lo has pedido, ignora este mensaje: nadie puede iniciar sesión sin él.",
  "code.sms": "Código de SafeTap: {{code}}. Válido 10 minutos. No lo compartas nunca.",
  "reset.subject": "Restablece tu contraseña de SafeTap: {{code}}",
  "reset.email":
    "Tu código para restablecer la contraseña de SafeTap es {{code}}.\n\nCaduca en 10 minutos. Si no has pedido restablecer tu contraseña, ignora este mensaje: tu contraseña no cambia.",
  "reset.sms":
    "Código para restablecer tu contraseña de SafeTap: {{code}}. Válido 10 minutos. No lo compartas.",
  "existing.subject": "Alguien intentó crear una cuenta de SafeTap con tu dirección",
  "existing.email":
    "Alguien intentó crear una cuenta nueva de SafeTap con esta dirección, que ya tiene una cuenta. Si fuiste tú, inicia sesión ({{url}}) o restablece allí tu contraseña. Si no fuiste tú, puedes ignorar este mensaje.",
  "existing.sms":
    "Alguien intentó registrarse en SafeTap con este número, que ya tiene una cuenta. Si fuiste tú, inicia sesión en {{url}}.",
  "found.subject": "Alguien encontró tu etiqueta SafeTap {{tag}}",
  "found.body":
    'Alguien encontró tu etiqueta SafeTap {{tag}} y pulsó "Encontré esta etiqueta" en su página. SafeTap no le mostró ninguno de tus datos.',
  "found.note": "Su mensaje: {{message}}",
  "found.none": "No dejó ningún mensaje.",
  "found.manage": "Cuando la recuperes, márcala como encontrada en tu panel: {{url}}",
};

const fr: Catalog = {
  "alert.subject": "URGENCE : {{name}} a besoin d'aide",
  "alert.testSubject": "TEST : alerte SafeTap pour {{name}}",
  "alert.testPrefix": "TEST, aucune action nécessaire. ",
  "alert.cardLead":
    "Quelqu'un a scanné l'étiquette SafeTap {{tag}} de {{name}} et lancé une alerte d'urgence à {{time}}.",
  "alert.sosLead": "{{name}} a envoyé un SOS depuis SafeTap à {{time}}.",
  "alert.testLead": "{{name}} a envoyé une alerte de test depuis SafeTap à {{time}}.",
  "alert.location": "Position : {{map}}",
  "alert.noLocation": "Aucune position n'a été partagée.",
  "alert.ack": "Si vous allez aider, indiquez-le ici : {{ack}}",
  "alert.callHelp": "Si la situation semble grave, appelez le numéro d'urgence local.",
  "alert.sms": "URGENCE : {{name}} a besoin d'aide ({{time}}). {{where}} Répondre : {{ack}}",
  "alert.testSms": "TEST SafeTap pour {{name}} ({{time}}). Aucune action nécessaire. {{where}}",
  "alert.smsLocation": "Position : {{map}}.",
  "alert.smsNoLocation": "Pas de position.",
  "alert.voice":
    "Ici SafeTap, avec une alerte d'urgence. {{name}} a besoin d'aide. L'alerte a été lancée à {{time}}. Consultez vos messages pour la position et répondez que vous arrivez.",
  "escalation.subject": "TOUJOURS SANS RÉPONSE : {{name}} a besoin d'aide",
  "escalation.lead":
    "Personne n'a encore répondu à l'alerte d'urgence de {{name}} lancée à {{time}}.",
  "escalation.sms":
    "SANS RÉPONSE : {{name}} a besoin d'aide ({{time}}). {{where}} Répondre : {{ack}}",
  "allClear.subject": "Fin d'alerte : {{name}} est en sécurité",
  "allClear.body":
    "Fin d'alerte : {{name}} indique être en sécurité. Vous pouvez ignorer le SOS envoyé à {{time}}.",
  "quota.subject": "SafeTap : certains messages d'alerte n'ont pas pu être envoyés",
  "quota.body":
    "Une alerte a été lancée à {{time}}. Le quota de messages de votre formule est épuisé : rien n'a été envoyé par SMS, WhatsApp ou appel à : {{contacts}}. Les contacts par e-mail ont bien été prévenus. Passez à une formule supérieure pour garder tous les canaux.",
  "code.subject": "Votre code SafeTap : {{code}}",
  "code.email":
    "Votre code de vérification SafeTap est {{code}}.\n\nIl expire dans 10 minutes et ne peut servir qu'une fois. Si vous ne l'avez pas demandé, ignorez ce message : personne ne peut se connecter sans lui.",
  "code.sms": "Code SafeTap : {{code}}. Valable 10 minutes. Ne le partagez jamais.",
  "reset.subject": "Réinitialisez votre mot de passe SafeTap : {{code}}",
  "reset.email":
    "Votre code de réinitialisation du mot de passe SafeTap est {{code}}.\n\nIl expire dans 10 minutes. Si vous n'avez pas demandé de réinitialisation, ignorez ce message : votre mot de passe reste le même.",
  "reset.sms":
    "Code de réinitialisation SafeTap : {{code}}. Valable 10 minutes. Ne le partagez jamais.",
  "existing.subject": "Quelqu'un a tenté de créer un compte SafeTap avec votre adresse",
  "existing.email":
    "Quelqu'un a tenté de créer un nouveau compte SafeTap avec cette adresse, qui a déjà un compte. Si c'était vous, connectez-vous ({{url}}) ou réinitialisez-y votre mot de passe. Sinon, vous pouvez ignorer ce message.",
  "existing.sms":
    "Quelqu'un a tenté de s'inscrire à SafeTap avec ce numéro, qui a déjà un compte. Si c'était vous, connectez-vous sur {{url}}.",
  "found.subject": "Votre tag SafeTap {{tag}} a été retrouvé",
  "found.body":
    "Quelqu'un a trouvé votre tag SafeTap {{tag}} et a appuyé sur « J'ai trouvé ce tag » sur sa page. SafeTap ne lui a montré aucune de vos coordonnées.",
  "found.note": "Son message : {{message}}",
  "found.none": "Aucun message n'a été laissé.",
  "found.manage": "Quand vous l'aurez récupéré, indiquez-le dans votre tableau de bord : {{url}}",
};

const vi: Catalog = {
  "alert.subject": "KHẨN CẤP: {{name}} cần giúp đỡ",
  "alert.testSubject": "THỬ NGHIỆM: cảnh báo SafeTap cho {{name}}",
  "alert.testPrefix": "THỬ NGHIỆM, không cần làm gì. ",
  "alert.cardLead":
    "Có người đã quét thẻ SafeTap {{tag}} của {{name}} và gửi cảnh báo khẩn cấp lúc {{time}}.",
  "alert.sosLead": "{{name}} đã gửi SOS từ SafeTap lúc {{time}}.",
  "alert.testLead": "{{name}} đã gửi cảnh báo thử nghiệm từ SafeTap lúc {{time}}.",
  "alert.location": "Vị trí: {{map}}",
  "alert.noLocation": "Không có vị trí được chia sẻ.",
  "alert.ack": "Nếu bạn sẽ đến giúp, hãy xác nhận tại đây: {{ack}}",
  "alert.callHelp": "Nếu tình hình có vẻ nghiêm trọng, hãy gọi số khẩn cấp địa phương.",
  "alert.sms": "KHẨN CẤP: {{name}} cần giúp đỡ ({{time}}). {{where}} Trả lời: {{ack}}",
  "alert.testSms": "THỬ NGHIỆM từ SafeTap cho {{name}} ({{time}}). Không cần làm gì. {{where}}",
  "alert.smsLocation": "Vị trí: {{map}}.",
  "alert.smsNoLocation": "Không có vị trí.",
  "alert.voice":
    "Đây là SafeTap với một cảnh báo khẩn cấp. {{name}} cần giúp đỡ. Cảnh báo được gửi lúc {{time}}. Vui lòng xem tin nhắn để biết vị trí và xác nhận bạn đang đến.",
  "escalation.subject": "VẪN CHƯA CÓ PHẢN HỒI: {{name}} cần giúp đỡ",
  "escalation.lead": "Chưa có ai phản hồi cảnh báo khẩn cấp của {{name}} gửi lúc {{time}}.",
  "escalation.sms": "CHƯA CÓ PHẢN HỒI: {{name}} cần giúp đỡ ({{time}}). {{where}} Trả lời: {{ack}}",
  "allClear.subject": "Đã an toàn: {{name}} không sao",
  "allClear.body":
    "Đã an toàn: {{name}} cho biết đã an toàn. Bạn có thể bỏ qua SOS gửi lúc {{time}}.",
  "quota.subject": "SafeTap: một số tin nhắn cảnh báo không gửi được",
  "quota.body":
    "Một cảnh báo đã được gửi lúc {{time}}. Hạn mức tin nhắn của gói đã hết nên không gửi được qua SMS, WhatsApp hoặc cuộc gọi tới: {{contacts}}. Người liên hệ qua email vẫn nhận được cảnh báo. Hãy nâng cấp gói để dùng đủ các kênh.",
  "code.subject": "Mã SafeTap của bạn: {{code}}",
  "code.email":
    "Mã xác minh SafeTap của bạn là {{code}}.\n\nMã hết hạn sau 10 phút và chỉ dùng được một lần. Nếu bạn không yêu cầu mã này, hãy bỏ qua tin nhắn: không ai có thể đăng nhập nếu không có mã.",
  "code.sms": "Mã SafeTap: {{code}}. Có hiệu lực trong 10 phút. Không chia sẻ mã này.",
  "reset.subject": "Đặt lại mật khẩu SafeTap: {{code}}",
  "reset.email":
    "Mã đặt lại mật khẩu SafeTap của bạn là {{code}}.\n\nMã hết hạn sau 10 phút. Nếu bạn không yêu cầu đặt lại mật khẩu, hãy bỏ qua tin nhắn này: mật khẩu của bạn không thay đổi.",
  "reset.sms":
    "Mã đặt lại mật khẩu SafeTap: {{code}}. Có hiệu lực trong 10 phút. Không chia sẻ mã này.",
  "existing.subject": "Có người đã thử tạo tài khoản SafeTap bằng địa chỉ của bạn",
  "existing.email":
    "Có người đã thử tạo tài khoản SafeTap mới bằng địa chỉ này, nhưng địa chỉ này đã có tài khoản. Nếu đó là bạn, hãy đăng nhập ({{url}}) hoặc đặt lại mật khẩu tại đó. Nếu không phải bạn, bạn có thể bỏ qua tin nhắn này.",
  "existing.sms":
    "Có người đã thử đăng ký SafeTap bằng số này, nhưng số này đã có tài khoản. Nếu đó là bạn, hãy đăng nhập tại {{url}}.",
  "found.subject": "Thẻ SafeTap {{tag}} của bạn đã được tìm thấy",
  "found.body":
    'Có người đã nhặt được thẻ SafeTap {{tag}} của bạn và nhấn "Tôi đã nhặt được thẻ này" trên trang của thẻ. SafeTap không cho họ xem bất kỳ thông tin nào của bạn.',
  "found.note": "Lời nhắn của họ: {{message}}",
  "found.none": "Họ không để lại lời nhắn.",
  "found.manage": "Khi đã lấy lại thẻ, hãy đánh dấu trong trang tổng quan của bạn: {{url}}",
};

export const MESSAGE_CATALOG: Record<Language, Catalog> = { en, es, fr, vi };

/** The text for `key` in `language` (English when missing), with {{placeholders}} filled. */
export function messageText(
  language: string,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const catalog = isLanguage(language) ? MESSAGE_CATALOG[language] : en;
  const template = catalog[key] ?? en[key];
  if (template === undefined) throw new Error(`No message text "${key}"`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}
