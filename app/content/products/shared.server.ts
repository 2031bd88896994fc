import type { Localized, Section } from "#app/content/types.ts";
import { PLANS } from "#app/lib/plans.ts";

/**
 * The parts every product page shares: activation, what a scan shows, and what to do
 * when a tag is lost. Tag limits come from the plan catalogue so the pages never disagree.
 */
const tags = {
  free: PLANS.free.limits.tags,
  pro: PLANS.pro.limits.tags,
  family: PLANS.family.limits.tags,
};

export function activationSection(exampleTagId: string): Localized<Section> {
  return {
    en: {
      id: "activate",
      heading: "Activate it in about a minute",
      blocks: [
        {
          type: "steps",
          items: [
            "Scan the QR code with your phone's camera, or hold your phone against the tag to read its NFC chip. A tag that is not linked yet opens its claim page, where you sign in or create a free account.",
            `Or [sign in](/auth?mode=signin&redirect=/activate), open Activate Tag and enter the Tag ID (like **${exampleTagId}**) and the activation token (**ACT-** followed by six characters). Both are printed on the insert in the box.`,
            "Enter the activation token when asked. The tag is linked to your emergency profile at once and appears under QR Tags on your dashboard.",
            "Check your profile: your name, your emergency contacts and any medical details you want responders to see.",
            "Send a test alert from your dashboard, so you know your contacts receive it.",
          ],
        },
        {
          type: "note",
          text: `Keep the insert until the tag is activated: nobody can link the tag without its token. Your plan sets how many tags you can link: ${tags.free} on Free, ${tags.pro} on Pro and ${tags.family} on Family ([see pricing](/pricing)).`,
        },
      ],
    },
    es: {
      id: "activate",
      heading: "Actívala en un minuto",
      blocks: [
        {
          type: "steps",
          items: [
            "Escanea el código QR con la cámara del móvil, o acerca el móvil a la etiqueta para leer su chip NFC. Una etiqueta que aún no está vinculada abre su página para reclamarla, donde inicias sesión o creas una cuenta gratuita.",
            `O [inicia sesión](/auth?mode=signin&redirect=/activate), abre Activar etiqueta e introduce el ID de la etiqueta (como **${exampleTagId}**) y el token de activación (**ACT-** seguido de seis caracteres). Los dos vienen impresos en la tarjeta incluida en la caja.`,
            "Introduce el token de activación cuando se te pida. La etiqueta queda vinculada a tu perfil de emergencia al instante y aparece en Etiquetas QR de tu panel.",
            "Revisa tu perfil: tu nombre, tus contactos de emergencia y los datos médicos que quieras que vean quienes te atiendan.",
            "Envía una alerta de prueba desde tu panel para comprobar que tus contactos la reciben.",
          ],
        },
        {
          type: "note",
          text: `Guarda la tarjeta incluida hasta activar la etiqueta: nadie puede vincularla sin su token. Tu plan fija cuántas etiquetas puedes vincular: ${tags.free} con Free, ${tags.pro} con Pro y ${tags.family} con Family ([ver precios](/pricing)).`,
        },
      ],
    },
    fr: {
      id: "activate",
      heading: "Activez-la en une minute environ",
      blocks: [
        {
          type: "steps",
          items: [
            "Scannez le QR code avec l'appareil photo de votre téléphone, ou approchez le téléphone de l'étiquette pour lire sa puce NFC. Une étiquette pas encore associée ouvre sa page de réclamation, où vous vous connectez ou créez un compte gratuit.",
            `Ou [connectez-vous](/auth?mode=signin&redirect=/activate), ouvrez Activer une étiquette et saisissez l'identifiant de l'étiquette (par exemple **${exampleTagId}**) et le jeton d'activation (**ACT-** suivi de six caractères). Les deux sont imprimés sur la notice fournie dans la boîte.`,
            "Saisissez le jeton d'activation lorsqu'il vous est demandé. L'étiquette est aussitôt associée à votre profil d'urgence et apparaît dans Étiquettes QR sur votre tableau de bord.",
            "Vérifiez votre profil : votre nom, vos contacts d'urgence et les informations médicales que vous voulez montrer aux secours.",
            "Envoyez une alerte de test depuis votre tableau de bord pour vérifier que vos contacts la reçoivent.",
          ],
        },
        {
          type: "note",
          text: `Gardez la notice jusqu'à l'activation : personne ne peut associer l'étiquette sans son jeton. Votre formule fixe le nombre d'étiquettes associables : ${tags.free} avec Free, ${tags.pro} avec Pro et ${tags.family} avec Family ([voir les tarifs](/pricing)).`,
        },
      ],
    },
    vi: {
      id: "activate",
      heading: "Kích hoạt chỉ trong khoảng một phút",
      blocks: [
        {
          type: "steps",
          items: [
            "Quét mã QR bằng camera điện thoại, hoặc áp điện thoại vào thẻ để đọc chip NFC. Thẻ chưa được liên kết sẽ mở trang nhận thẻ, nơi bạn đăng nhập hoặc tạo tài khoản miễn phí.",
            `Hoặc [đăng nhập](/auth?mode=signin&redirect=/activate), mở mục Kích hoạt thẻ và nhập mã thẻ (ví dụ **${exampleTagId}**) cùng mã kích hoạt (**ACT-** và sáu ký tự). Cả hai được in trên tờ hướng dẫn trong hộp.`,
            "Nhập mã kích hoạt khi được yêu cầu. Thẻ được liên kết ngay với hồ sơ khẩn cấp của bạn và xuất hiện trong mục Thẻ QR trên bảng điều khiển.",
            "Kiểm tra hồ sơ: tên, người liên hệ khẩn cấp và những thông tin y tế bạn muốn người cứu giúp nhìn thấy.",
            "Gửi cảnh báo thử từ bảng điều khiển để chắc chắn người liên hệ của bạn nhận được.",
          ],
        },
        {
          type: "note",
          text: `Hãy giữ tờ hướng dẫn cho đến khi kích hoạt thẻ: không ai liên kết được thẻ nếu không có mã kích hoạt. Gói dịch vụ quyết định số thẻ bạn có thể liên kết: ${tags.free} với gói Free, ${tags.pro} với Pro và ${tags.family} với Family ([xem bảng giá](/pricing)).`,
        },
      ],
    },
  };
}

export const scanningSection: Localized<Section> = {
  en: {
    id: "when-scanned",
    heading: "When someone scans or taps it",
    blocks: [
      {
        type: "p",
        text: "No app is needed. Any phone camera reads the QR code, and most phones read the NFC chip with a tap: iPhone XS and later, and Android phones with NFC turned on.",
      },
      {
        type: "list",
        items: [
          "**Your emergency card opens in the reader's language**: English, Spanish, French or Vietnamese, following their phone. Your own notes are shown as you wrote them.",
          "**Medical information stays behind a warning.** It appears only if you chose to show it on this tag, and only after the reader confirms that they understand their access is logged.",
          "**Your contacts are one tap away.** Up to three of them, with buttons to call or text, in the order you chose.",
          "**Send Emergency Alert** notifies your contacts by email, SMS or WhatsApp, with a map link to where the tag was scanned if the reader allows their phone to share its location.",
          "**The local emergency number** for the reader's country is on the card too.",
          "**It works offline once viewed.** A card opened once on a phone opens again there without a network. Call and text buttons use the phone network, and an alert pressed offline is sent as soon as the connection returns.",
        ],
      },
    ],
  },
  es: {
    id: "when-scanned",
    heading: "Cuando alguien la escanea o la toca",
    blocks: [
      {
        type: "p",
        text: "No hace falta ninguna app. Cualquier cámara de móvil lee el código QR, y la mayoría de los móviles leen el chip NFC con un toque: iPhone XS y posteriores, y los Android con el NFC activado.",
      },
      {
        type: "list",
        items: [
          "**Tu tarjeta de emergencia se abre en el idioma de quien la lee**: inglés, español, francés o vietnamita, según su móvil. Tus propias notas se muestran tal como las escribiste.",
          "**La información médica queda tras un aviso.** Solo aparece si elegiste mostrarla en esta etiqueta, y solo después de que la persona confirme que entiende que su acceso queda registrado.",
          "**Tus contactos, a un toque.** Hasta tres, con botones para llamar o enviar un mensaje, en el orden que elegiste.",
          "**Enviar alerta de emergencia** avisa a tus contactos por correo, SMS o WhatsApp, con un enlace al mapa del lugar donde se escaneó la etiqueta si la persona permite que su móvil comparta la ubicación.",
          "**El número de emergencias local** del país de quien la lee también aparece en la tarjeta.",
          "**Funciona sin conexión una vez vista.** Una tarjeta abierta una vez en un móvil vuelve a abrirse en él sin red. Los botones de llamar y enviar mensajes usan la red telefónica, y una alerta pulsada sin conexión se envía en cuanto vuelve la conexión.",
        ],
      },
    ],
  },
  fr: {
    id: "when-scanned",
    heading: "Quand quelqu'un la scanne ou la touche",
    blocks: [
      {
        type: "p",
        text: "Aucune application n'est nécessaire. N'importe quel appareil photo de téléphone lit le QR code, et la plupart des téléphones lisent la puce NFC d'un simple contact : iPhone XS et modèles suivants, et téléphones Android dont le NFC est activé.",
      },
      {
        type: "list",
        items: [
          "**Votre carte d'urgence s'ouvre dans la langue de la personne qui la lit** : anglais, espagnol, français ou vietnamien, selon son téléphone. Vos propres notes s'affichent telles que vous les avez écrites.",
          "**Les informations médicales restent derrière un avertissement.** Elles n'apparaissent que si vous avez choisi de les montrer sur cette étiquette, et seulement après que la personne a confirmé avoir compris que son accès est journalisé.",
          "**Vos contacts à portée de doigt.** Jusqu'à trois, avec des boutons pour appeler ou envoyer un SMS, dans l'ordre que vous avez choisi.",
          "**Envoyer une alerte d'urgence** prévient vos contacts par e-mail, SMS ou WhatsApp, avec un lien vers le lieu du scan si la personne autorise son téléphone à partager sa position.",
          "**Le numéro d'urgence local** du pays de la personne figure aussi sur la carte.",
          "**Elle fonctionne hors ligne une fois consultée.** Une carte ouverte une fois sur un téléphone s'y rouvre sans réseau. Les boutons d'appel et de SMS passent par le réseau téléphonique, et une alerte déclenchée hors ligne part dès le retour de la connexion.",
        ],
      },
    ],
  },
  vi: {
    id: "when-scanned",
    heading: "Khi có người quét hoặc chạm vào thẻ",
    blocks: [
      {
        type: "p",
        text: "Không cần ứng dụng. Camera của bất kỳ điện thoại nào cũng đọc được mã QR, và hầu hết điện thoại đọc được chip NFC chỉ bằng một lần chạm: iPhone XS trở lên và điện thoại Android đã bật NFC.",
      },
      {
        type: "list",
        items: [
          "**Thẻ khẩn cấp mở bằng ngôn ngữ của người đọc**: tiếng Anh, tiếng Tây Ban Nha, tiếng Pháp hoặc tiếng Việt, theo ngôn ngữ điện thoại của họ. Ghi chú của bạn được hiển thị đúng như bạn đã viết.",
          "**Thông tin y tế nằm sau một lời cảnh báo.** Thông tin chỉ xuất hiện nếu bạn chọn hiển thị trên thẻ này, và chỉ sau khi người đọc xác nhận rằng họ hiểu việc truy cập sẽ được ghi nhật ký.",
          "**Người liên hệ chỉ cách một lần chạm.** Tối đa ba người, có nút gọi hoặc nhắn tin, theo thứ tự bạn đã chọn.",
          "**Gửi cảnh báo khẩn cấp** báo cho người liên hệ của bạn qua email, SMS hoặc WhatsApp, kèm đường dẫn bản đồ đến nơi thẻ được quét nếu người đọc cho phép điện thoại chia sẻ vị trí.",
          "**Số khẩn cấp tại địa phương** của quốc gia người đọc cũng có trên thẻ.",
          "**Hoạt động ngoại tuyến sau khi đã xem.** Thẻ đã mở một lần trên điện thoại sẽ mở lại được trên máy đó khi không có mạng. Nút gọi và nhắn tin dùng mạng điện thoại, và cảnh báo được nhấn khi ngoại tuyến sẽ được gửi ngay khi có kết nối trở lại.",
        ],
      },
    ],
  },
};

export const lostSection: Localized<Section> = {
  en: {
    id: "lost",
    heading: "If it is lost",
    blocks: [
      {
        type: "p",
        text: "Open your dashboard and choose **Mark Lost** on that tag. Its card at once shows only a “Tag Deactivated” message, so whoever finds it sees nothing about you. Order a replacement from our store and activate it the same way; you can then unlink the lost tag to free its place on your plan.",
      },
    ],
  },
  es: {
    id: "lost",
    heading: "Si la pierdes",
    blocks: [
      {
        type: "p",
        text: "Abre tu panel y elige **Marcar como perdida** en esa etiqueta. Su tarjeta pasa a mostrar solo el aviso «Etiqueta desactivada», así que quien la encuentre no verá nada sobre ti. Pide una nueva en nuestra tienda y actívala igual; después puedes desvincular la perdida para liberar su plaza en tu plan.",
      },
    ],
  },
  fr: {
    id: "lost",
    heading: "En cas de perte",
    blocks: [
      {
        type: "p",
        text: "Ouvrez votre tableau de bord et choisissez **Déclarer perdue** sur cette étiquette. Sa carte n'affiche aussitôt plus que le message « Étiquette désactivée » : la personne qui la trouve ne voit rien vous concernant. Commandez-en une nouvelle sur notre boutique et activez-la de la même façon ; vous pourrez ensuite dissocier l'étiquette perdue pour libérer sa place dans votre formule.",
      },
    ],
  },
  vi: {
    id: "lost",
    heading: "Nếu bị mất",
    blocks: [
      {
        type: "p",
        text: "Mở bảng điều khiển và chọn **Đánh dấu bị mất** cho thẻ đó. Thẻ sẽ lập tức chỉ hiển thị thông báo “Thẻ đã bị vô hiệu hóa”, nên người nhặt được không thấy gì về bạn. Đặt mua thẻ thay thế tại cửa hàng và kích hoạt theo cách tương tự; sau đó bạn có thể hủy liên kết thẻ bị mất để giải phóng chỗ trong gói dịch vụ.",
      },
    ],
  },
};
