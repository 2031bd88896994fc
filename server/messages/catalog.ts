/**
 * Texts SafeTap sends by email, SMS, WhatsApp or voice, in each language.
 * Server-only: none of this ships to browsers. Placeholders are {{name}}.
 */
export const MESSAGE_LANGUAGES = ["en", "es", "fr", "vi"] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

type Catalog = Record<string, string>;

const en: Catalog = {
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
};

const es: Catalog = {
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
};

const fr: Catalog = {
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
};

const vi: Catalog = {
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
};

export const MESSAGE_CATALOG: Record<MessageLanguage, Catalog> = { en, es, fr, vi };

export function isMessageLanguage(value: unknown): value is MessageLanguage {
  return typeof value === "string" && (MESSAGE_LANGUAGES as readonly string[]).includes(value);
}

/** The text for `key` in `language` (English when missing), with {{placeholders}} filled. */
export function messageText(
  language: string,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const catalog = isMessageLanguage(language) ? MESSAGE_CATALOG[language] : en;
  const template = catalog[key] ?? en[key];
  if (template === undefined) throw new Error(`No message text "${key}"`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}
