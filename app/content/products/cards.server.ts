import type { Localized, ProductPage } from "#app/content/types.ts";
import { activationSection, lostSection, scanningSection } from "./shared.server.ts";

export const CARD_EXAMPLE_ID = "CD-4HX9P";
const activate = activationSection(CARD_EXAMPLE_ID);

export const cardPage: Localized<ProductPage> = {
  en: {
    seo: {
      title: "SafeTap Card: emergency wallet card with QR and NFC",
      description:
        "A bank-card-sized emergency card with a QR code and NFC chip for your wallet or phone case, plus SafeTap stickers. How it works, who it suits, activation and care.",
    },
    name: "SafeTap Card",
    tagline: "Your emergency card where people already look: in your wallet.",
    intro:
      "A card the size of a bank card, with a QR code printed on the front and an NFC chip inside. It slips into a wallet, a phone case or a passport holder, right next to your ID.",
    facts: [
      { label: "Reads with", value: "QR code and NFC tap, no app" },
      { label: "Size", value: "Bank-card size, 85.6 × 54 mm" },
      { label: "Water", value: "Splash-proof, not for swimming" },
      { label: "Tag ID starts with", value: "CD-" },
    ],
    sections: [
      {
        id: "what-it-is",
        heading: "What it is",
        blocks: [
          {
            type: "p",
            text: "When someone collapses or is hurt, the people helping often look in their wallet for an ID. That is where the SafeTap card sits, right beside it. The NFC chip and its antenna are sealed inside the card, with no battery to charge, and the QR code on the front works with any phone camera.",
          },
        ],
      },
      {
        id: "who-its-for",
        heading: "Who it suits",
        blocks: [
          {
            type: "list",
            items: [
              "Anyone who always carries a wallet, a cardholder or a phone case.",
              "Commuters and office workers who would rather not wear anything visible.",
              "Carers who keep a card in a relative's bag or coat.",
              "Students and staff, as a second card beside a school or work badge.",
              "Travellers, in the passport holder, with their details readable in the local language.",
            ],
          },
        ],
      },
      activate.en,
      scanningSection.en,
      {
        id: "care",
        heading: "Care and safety",
        blocks: [
          {
            type: "list",
            items: [
              "**Water:** splashes and rain are fine; dry the card if it gets soaked. It is not made for swimming.",
              "**Heat:** do not leave it on a car dashboard or a windowsill in full sun.",
              "**Bending:** do not fold, cut or punch the card; the chip's antenna runs around the inside.",
              "**Cleaning:** wipe with a damp cloth.",
              "**RFID-blocking wallets:** they stop the NFC chip from being read through the wallet. The card still works once taken out, and the QR code always does.",
            ],
          },
        ],
      },
      {
        id: "stickers",
        heading: "Stickers too",
        blocks: [
          {
            type: "p",
            text: "SafeTap stickers carry the same QR code and NFC chip on a small adhesive tag. Their Tag ID starts with **ST-**, and they activate and work exactly like a card. Put one on a bike or motorbike helmet, the back of a phone, a laptop or a child's school bag.",
          },
          {
            type: "list",
            items: [
              "Stick it on a clean, dry, smooth surface and press firmly for a few seconds.",
              "Avoid metal surfaces and metal phone cases: an NFC chip cannot be read through metal. The QR code still works.",
              "On a helmet, place it where a first aider will see it without taking the helmet off, for example on the back.",
            ],
          },
        ],
      },
      lostSection.en,
    ],
  },
  es: {
    seo: {
      title: "Tarjeta SafeTap: tarjeta de emergencia para la cartera con QR y NFC",
      description:
        "Una tarjeta de emergencia del tamaño de una tarjeta bancaria, con código QR y chip NFC, para la cartera o la funda del móvil, y también pegatinas SafeTap. Cómo funciona, para quién es, activación y cuidados.",
    },
    name: "Tarjeta SafeTap",
    tagline: "Tu tarjeta de emergencia donde la gente ya mira: en tu cartera.",
    intro:
      "Una tarjeta del tamaño de una tarjeta bancaria, con un código QR impreso en la cara delantera y un chip NFC dentro. Cabe en la cartera, en la funda del móvil o en el portapasaportes, junto a tu documento de identidad.",
    facts: [
      { label: "Se lee con", value: "Código QR y toque NFC, sin app" },
      { label: "Tamaño", value: "Como una tarjeta bancaria, 85,6 × 54 mm" },
      { label: "Agua", value: "Resiste salpicaduras, no apta para nadar" },
      { label: "El ID empieza por", value: "CD-" },
    ],
    sections: [
      {
        id: "what-it-is",
        heading: "Qué es",
        blocks: [
          {
            type: "p",
            text: "Cuando alguien se desmaya o se hace daño, quienes le ayudan suelen buscar un documento en su cartera. Justo ahí, al lado, está la tarjeta SafeTap. El chip NFC y su antena van sellados dentro de la tarjeta, sin batería que cargar, y el código QR de la cara delantera funciona con la cámara de cualquier móvil.",
          },
        ],
      },
      {
        id: "who-its-for",
        heading: "Para quién es",
        blocks: [
          {
            type: "list",
            items: [
              "Cualquiera que lleve siempre cartera, tarjetero o funda de móvil.",
              "Personas que van al trabajo a diario y prefieren no llevar nada a la vista.",
              "Cuidadores que dejan una tarjeta en el bolso o el abrigo de un familiar.",
              "Estudiantes y personal, como segunda tarjeta junto a la acreditación del centro o del trabajo.",
              "Viajeros, en el portapasaportes, con sus datos legibles en el idioma local.",
            ],
          },
        ],
      },
      activate.es,
      scanningSection.es,
      {
        id: "care",
        heading: "Cuidados y seguridad",
        blocks: [
          {
            type: "list",
            items: [
              "**Agua:** aguanta salpicaduras y lluvia; sécala si se empapa. No está pensada para nadar.",
              "**Calor:** no la dejes en el salpicadero del coche ni en una ventana a pleno sol.",
              "**Dobleces:** no la dobles, cortes ni perfores; la antena del chip recorre el interior.",
              "**Limpieza:** pásale un paño húmedo.",
              "**Carteras con bloqueo RFID:** impiden leer el chip NFC a través de la cartera. La tarjeta funciona en cuanto la sacas, y el código QR funciona siempre.",
            ],
          },
        ],
      },
      {
        id: "stickers",
        heading: "También en pegatina",
        blocks: [
          {
            type: "p",
            text: "Las pegatinas SafeTap llevan el mismo código QR y el mismo chip NFC en una pequeña etiqueta adhesiva. Su ID de etiqueta empieza por **ST-** y se activan y funcionan igual que una tarjeta. Pon una en el casco de la bici o de la moto, en la parte trasera del móvil, en el portátil o en la mochila del colegio.",
          },
          {
            type: "list",
            items: [
              "Pégala sobre una superficie limpia, seca y lisa, y presiona con firmeza unos segundos.",
              "Evita las superficies metálicas y las fundas de metal: el chip NFC no se puede leer a través del metal. El código QR sigue funcionando.",
              "En un casco, colócala donde un socorrista la vea sin quitarlo, por ejemplo en la parte de atrás.",
            ],
          },
        ],
      },
      lostSection.es,
    ],
  },
  fr: {
    seo: {
      title: "Carte SafeTap : carte d'urgence de portefeuille QR et NFC",
      description:
        "Une carte d'urgence au format carte bancaire, avec QR code et puce NFC, pour le portefeuille ou la coque du téléphone, ainsi que les autocollants SafeTap. Fonctionnement, usages, activation et entretien.",
    },
    name: "Carte SafeTap",
    tagline: "Votre carte d'urgence là où l'on regarde déjà : dans votre portefeuille.",
    intro:
      "Une carte au format carte bancaire, avec un QR code imprimé au recto et une puce NFC à l'intérieur. Elle se glisse dans un portefeuille, une coque de téléphone ou un étui à passeport, à côté de votre pièce d'identité.",
    facts: [
      { label: "Se lit avec", value: "QR code et contact NFC, sans application" },
      { label: "Format", value: "Carte bancaire, 85,6 × 54 mm" },
      { label: "Eau", value: "Résiste aux éclaboussures, pas à la baignade" },
      { label: "L'identifiant commence par", value: "CD-" },
    ],
    sections: [
      {
        id: "what-it-is",
        heading: "Ce que c'est",
        blocks: [
          {
            type: "p",
            text: "Quand quelqu'un fait un malaise ou se blesse, les personnes qui l'aident cherchent souvent une pièce d'identité dans son portefeuille. C'est là que se trouve la carte SafeTap, juste à côté. La puce NFC et son antenne sont scellées dans la carte, sans pile à recharger, et le QR code du recto se lit avec l'appareil photo de n'importe quel téléphone.",
          },
        ],
      },
      {
        id: "who-its-for",
        heading: "Pour qui",
        blocks: [
          {
            type: "list",
            items: [
              "Toute personne qui a toujours sur elle un portefeuille, un porte-cartes ou une coque de téléphone.",
              "Les personnes qui font le trajet domicile-travail et préfèrent ne rien porter de visible.",
              "Les aidants qui glissent une carte dans le sac ou le manteau d'un proche.",
              "Les élèves et le personnel, en deuxième carte à côté du badge de l'établissement ou de l'entreprise.",
              "Les voyageurs, dans l'étui à passeport, avec leurs informations lisibles dans la langue du pays.",
            ],
          },
        ],
      },
      activate.fr,
      scanningSection.fr,
      {
        id: "care",
        heading: "Entretien et sécurité",
        blocks: [
          {
            type: "list",
            items: [
              "**Eau :** éclaboussures et pluie ne posent pas de problème ; séchez la carte si elle est trempée. Elle n'est pas faite pour la baignade.",
              "**Chaleur :** ne la laissez pas sur le tableau de bord d'une voiture ou sur un rebord de fenêtre en plein soleil.",
              "**Pliage :** ne pliez, ne coupez et ne perforez pas la carte ; l'antenne de la puce fait le tour de l'intérieur.",
              "**Nettoyage :** passez un chiffon humide.",
              "**Portefeuilles anti-RFID :** ils empêchent de lire la puce NFC à travers le portefeuille. La carte fonctionne dès qu'on la sort, et le QR code fonctionne toujours.",
            ],
          },
        ],
      },
      {
        id: "stickers",
        heading: "Existe aussi en autocollant",
        blocks: [
          {
            type: "p",
            text: "Les autocollants SafeTap portent le même QR code et la même puce NFC sur une petite étiquette adhésive. Leur identifiant commence par **ST-**, et ils s'activent et fonctionnent exactement comme une carte. Collez-en un sur un casque de vélo ou de moto, au dos d'un téléphone, sur un ordinateur portable ou sur le cartable d'un enfant.",
          },
          {
            type: "list",
            items: [
              "Collez-le sur une surface propre, sèche et lisse, et appuyez fermement quelques secondes.",
              "Évitez les surfaces métalliques et les coques en métal : une puce NFC ne se lit pas à travers le métal. Le QR code, lui, fonctionne toujours.",
              "Sur un casque, placez-le là où un secouriste le verra sans retirer le casque, par exemple à l'arrière.",
            ],
          },
        ],
      },
      lostSection.fr,
    ],
  },
  vi: {
    seo: {
      title: "Thẻ ví SafeTap: thẻ khẩn cấp bỏ ví có QR và NFC",
      description:
        "Thẻ khẩn cấp cỡ thẻ ngân hàng, có mã QR và chip NFC, để trong ví hoặc ốp điện thoại, cùng nhãn dán SafeTap. Cách hoạt động, phù hợp với ai, cách kích hoạt và bảo quản.",
    },
    name: "Thẻ ví SafeTap",
    tagline: "Thẻ khẩn cấp ở nơi mọi người vẫn tìm đến: trong ví của bạn.",
    intro:
      "Một chiếc thẻ cỡ thẻ ngân hàng, có mã QR in ở mặt trước và chip NFC bên trong. Thẻ vừa trong ví, ốp điện thoại hoặc bao hộ chiếu, ngay cạnh giấy tờ tùy thân của bạn.",
    facts: [
      { label: "Đọc bằng", value: "Mã QR và chạm NFC, không cần ứng dụng" },
      { label: "Kích thước", value: "Cỡ thẻ ngân hàng, 85,6 × 54 mm" },
      { label: "Nước", value: "Chống nước bắn, không dùng khi bơi" },
      { label: "Mã thẻ bắt đầu bằng", value: "CD-" },
    ],
    sections: [
      {
        id: "what-it-is",
        heading: "Sản phẩm là gì",
        blocks: [
          {
            type: "p",
            text: "Khi ai đó ngất xỉu hoặc bị thương, người giúp đỡ thường tìm giấy tờ trong ví của họ. Thẻ SafeTap nằm ngay cạnh đó. Chip NFC và ăng-ten được bọc kín trong thẻ, không có pin phải sạc, và mã QR ở mặt trước đọc được bằng camera của bất kỳ điện thoại nào.",
          },
        ],
      },
      {
        id: "who-its-for",
        heading: "Phù hợp với ai",
        blocks: [
          {
            type: "list",
            items: [
              "Bất kỳ ai luôn mang theo ví, hộp đựng thẻ hoặc ốp điện thoại.",
              "Người đi làm hằng ngày không muốn đeo thứ gì dễ thấy.",
              "Người chăm sóc muốn để một thẻ trong túi xách hoặc áo khoác của người thân.",
              "Học sinh, sinh viên và nhân viên, làm thẻ thứ hai bên cạnh thẻ trường hoặc thẻ công ty.",
              "Người đi du lịch, để trong bao hộ chiếu, với thông tin đọc được bằng ngôn ngữ địa phương.",
            ],
          },
        ],
      },
      activate.vi,
      scanningSection.vi,
      {
        id: "care",
        heading: "Bảo quản và an toàn",
        blocks: [
          {
            type: "list",
            items: [
              "**Nước:** nước bắn và mưa không sao; lau khô nếu thẻ bị ướt sũng. Thẻ không dùng để mang khi bơi.",
              "**Nhiệt:** đừng để thẻ trên táp-lô ô tô hay bậu cửa sổ dưới nắng gắt.",
              "**Uốn cong:** đừng gập, cắt hay đục lỗ thẻ; ăng-ten của chip chạy vòng bên trong.",
              "**Vệ sinh:** lau bằng khăn ẩm.",
              "**Ví chống RFID:** loại ví này ngăn đọc chip NFC xuyên qua ví. Thẻ vẫn hoạt động khi được lấy ra, và mã QR thì luôn hoạt động.",
            ],
          },
        ],
      },
      {
        id: "stickers",
        heading: "Còn có nhãn dán",
        blocks: [
          {
            type: "p",
            text: "Nhãn dán SafeTap có cùng mã QR và chip NFC trên một miếng dán nhỏ. Mã thẻ của nhãn dán bắt đầu bằng **ST-**, và cách kích hoạt, cách hoạt động giống hệt thẻ ví. Hãy dán lên mũ bảo hiểm xe đạp hoặc xe máy, mặt sau điện thoại, máy tính xách tay hoặc cặp sách của trẻ.",
          },
          {
            type: "list",
            items: [
              "Dán lên bề mặt sạch, khô, nhẵn và ấn chặt trong vài giây.",
              "Tránh bề mặt kim loại và ốp điện thoại bằng kim loại: chip NFC không đọc được xuyên qua kim loại. Mã QR vẫn hoạt động.",
              "Trên mũ bảo hiểm, hãy dán ở chỗ người sơ cứu nhìn thấy mà không cần tháo mũ, ví dụ ở phía sau.",
            ],
          },
        ],
      },
      lostSection.vi,
    ],
  },
};
