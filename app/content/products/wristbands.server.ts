import type { Localized, ProductPage } from "#app/content/types.ts";
import { activationSection, lostSection, scanningSection } from "./shared.server.ts";

export const WRISTBAND_EXAMPLE_ID = "WB-7K3MQ";
const activate = activationSection(WRISTBAND_EXAMPLE_ID);

export const wristbandPage: Localized<ProductPage> = {
  en: {
    seo: {
      title: "SafeTap Wristband: QR and NFC emergency ID",
      description:
        "A waterproof silicone wristband with a QR code and NFC chip that opens your emergency card in the reader's language. How it works, who it suits, activation and care.",
    },
    name: "SafeTap Wristband",
    tagline: "Your emergency card on your wrist, day and night.",
    intro:
      "A soft silicone band with a QR code on the outside and an NFC chip sealed inside. It sits where paramedics look first, on the wrist, and opens your emergency card on any phone, with no app.",
    facts: [
      { label: "Reads with", value: "QR code and NFC tap, no app" },
      { label: "Material", value: "Soft silicone, chip sealed inside" },
      { label: "Water", value: "Waterproof: shower, rain and swimming" },
      { label: "Tag ID starts with", value: "WB-" },
    ],
    sections: [
      {
        id: "what-it-is",
        heading: "What it is",
        blocks: [
          {
            type: "p",
            text: "The wristband is the SafeTap tag you never have to remember to take with you. The QR code is printed on the outside of the band; the NFC chip is moulded into it, so there is nothing to charge, no battery and nothing to pair. Each band has its own Tag ID and links to your emergency profile, which you can update at any time without touching the band.",
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
              "Runners, cyclists, swimmers and hikers who go out without a wallet.",
              "People with allergies, diabetes, epilepsy, a heart condition or other conditions that responders should know about at once.",
              "Children on school trips, at camps and at crowded events.",
              "Older relatives, including people living with dementia who may not be able to say who to call.",
              "Travellers who want their details readable in another language.",
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
              "**Water:** wear it in the shower, in the rain and when swimming. Rinse it in fresh water after the sea or a chlorinated pool.",
              "**Heat:** keep it away from saunas, ovens, dishwashers and boiling water; strong heat can warp the silicone and damage the chip.",
              "**Cleaning:** warm water and mild soap, then let it dry. Avoid solvents and bleach, which fade the QR code.",
              "**Skin:** if the band irritates your skin, take it off and keep a SafeTap card or keychain instead.",
              "**Children:** check the fit so the band cannot catch on anything, and do not let young children chew it.",
              "**Now and then:** scan it with your own phone to check that the QR code still reads and your card is up to date.",
            ],
          },
        ],
      },
      lostSection.en,
    ],
  },
  es: {
    seo: {
      title: "Pulsera SafeTap: identificación de emergencia con QR y NFC",
      description:
        "Una pulsera de silicona impermeable con código QR y chip NFC que abre tu tarjeta de emergencia en el idioma de quien la lee. Cómo funciona, para quién es, activación y cuidados.",
    },
    name: "Pulsera SafeTap",
    tagline: "Tu tarjeta de emergencia en la muñeca, de día y de noche.",
    intro:
      "Una pulsera de silicona suave con un código QR por fuera y un chip NFC sellado dentro. Está donde el personal sanitario mira primero, en la muñeca, y abre tu tarjeta de emergencia en cualquier móvil, sin app.",
    facts: [
      { label: "Se lee con", value: "Código QR y toque NFC, sin app" },
      { label: "Material", value: "Silicona suave, chip sellado dentro" },
      { label: "Agua", value: "Impermeable: ducha, lluvia y natación" },
      { label: "El ID empieza por", value: "WB-" },
    ],
    sections: [
      {
        id: "what-it-is",
        heading: "Qué es",
        blocks: [
          {
            type: "p",
            text: "La pulsera es la etiqueta SafeTap que nunca tienes que acordarte de llevar. El código QR va impreso por fuera; el chip NFC va integrado en la silicona, así que no hay nada que cargar, ni batería, ni nada que emparejar. Cada pulsera tiene su propio ID de etiqueta y se vincula a tu perfil de emergencia, que puedes actualizar cuando quieras sin tocar la pulsera.",
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
              "Corredores, ciclistas, nadadores y excursionistas que salen sin cartera.",
              "Personas con alergias, diabetes, epilepsia, una afección cardiaca u otras condiciones que quien les atienda debe conocer de inmediato.",
              "Niños en excursiones escolares, campamentos y eventos concurridos.",
              "Familiares mayores, incluidas personas con demencia que quizá no sepan decir a quién llamar.",
              "Viajeros que quieren que sus datos se entiendan en otro idioma.",
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
              "**Agua:** úsala en la ducha, bajo la lluvia y para nadar. Aclárala con agua dulce después del mar o de una piscina con cloro.",
              "**Calor:** mantenla lejos de saunas, hornos, lavavajillas y agua hirviendo; el calor intenso puede deformar la silicona y dañar el chip.",
              "**Limpieza:** agua tibia y jabón suave, y déjala secar. Evita disolventes y lejía, que destiñen el código QR.",
              "**Piel:** si la pulsera te irrita la piel, quítatela y usa una tarjeta o un llavero SafeTap.",
              "**Niños:** comprueba que ajusta bien para que no se enganche y no dejes que los más pequeños la muerdan.",
              "**De vez en cuando:** escanéala con tu propio móvil para comprobar que el código QR se lee y que tu tarjeta está al día.",
            ],
          },
        ],
      },
      lostSection.es,
    ],
  },
  fr: {
    seo: {
      title: "Bracelet SafeTap : identification d'urgence QR et NFC",
      description:
        "Un bracelet en silicone étanche avec QR code et puce NFC qui ouvre votre carte d'urgence dans la langue de la personne qui la lit. Fonctionnement, usages, activation et entretien.",
    },
    name: "Bracelet SafeTap",
    tagline: "Votre carte d'urgence au poignet, jour et nuit.",
    intro:
      "Un bracelet en silicone souple avec un QR code à l'extérieur et une puce NFC scellée à l'intérieur. Il se trouve là où les secours regardent en premier, au poignet, et ouvre votre carte d'urgence sur n'importe quel téléphone, sans application.",
    facts: [
      { label: "Se lit avec", value: "QR code et contact NFC, sans application" },
      { label: "Matière", value: "Silicone souple, puce scellée à l'intérieur" },
      { label: "Eau", value: "Étanche : douche, pluie et baignade" },
      { label: "L'identifiant commence par", value: "WB-" },
    ],
    sections: [
      {
        id: "what-it-is",
        heading: "Ce que c'est",
        blocks: [
          {
            type: "p",
            text: "Le bracelet est l'étiquette SafeTap qu'on n'oublie jamais de prendre. Le QR code est imprimé à l'extérieur ; la puce NFC est moulée dans la silicone : rien à recharger, pas de pile, rien à appairer. Chaque bracelet a son propre identifiant et renvoie à votre profil d'urgence, que vous pouvez mettre à jour à tout moment sans toucher au bracelet.",
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
              "Les coureurs, cyclistes, nageurs et randonneurs qui sortent sans portefeuille.",
              "Les personnes allergiques, diabétiques, épileptiques, cardiaques ou atteintes d'une autre maladie que les secours doivent connaître tout de suite.",
              "Les enfants en sortie scolaire, en colonie et dans les événements très fréquentés.",
              "Les proches âgés, y compris les personnes atteintes de troubles de la mémoire qui ne savent plus toujours qui appeler.",
              "Les voyageurs qui veulent que leurs informations soient lisibles dans une autre langue.",
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
              "**Eau :** gardez-le sous la douche, sous la pluie et pour nager. Rincez-le à l'eau douce après la mer ou une piscine chlorée.",
              "**Chaleur :** tenez-le à l'écart des saunas, fours, lave-vaisselle et de l'eau bouillante ; une forte chaleur peut déformer la silicone et abîmer la puce.",
              "**Nettoyage :** eau tiède et savon doux, puis laissez sécher. Évitez les solvants et l'eau de Javel, qui décolorent le QR code.",
              "**Peau :** si le bracelet irrite votre peau, retirez-le et utilisez plutôt une carte ou un porte-clés SafeTap.",
              "**Enfants :** vérifiez qu'il est bien ajusté pour qu'il ne s'accroche nulle part, et ne laissez pas les tout-petits le mâchouiller.",
              "**De temps en temps :** scannez-le avec votre propre téléphone pour vérifier que le QR code se lit et que votre carte est à jour.",
            ],
          },
        ],
      },
      lostSection.fr,
    ],
  },
  vi: {
    seo: {
      title: "Vòng đeo tay SafeTap: nhận dạng khẩn cấp bằng QR và NFC",
      description:
        "Vòng đeo tay silicon chống nước có mã QR và chip NFC, mở thẻ khẩn cấp của bạn bằng ngôn ngữ của người đọc. Cách hoạt động, phù hợp với ai, cách kích hoạt và bảo quản.",
    },
    name: "Vòng đeo tay SafeTap",
    tagline: "Thẻ khẩn cấp của bạn trên cổ tay, cả ngày lẫn đêm.",
    intro:
      "Vòng silicon mềm có mã QR ở mặt ngoài và chip NFC được bọc kín bên trong. Vòng nằm ở nơi nhân viên cấp cứu nhìn đầu tiên, trên cổ tay, và mở thẻ khẩn cấp của bạn trên bất kỳ điện thoại nào mà không cần ứng dụng.",
    facts: [
      { label: "Đọc bằng", value: "Mã QR và chạm NFC, không cần ứng dụng" },
      { label: "Chất liệu", value: "Silicon mềm, chip bọc kín bên trong" },
      { label: "Nước", value: "Chống nước: tắm, mưa và bơi" },
      { label: "Mã thẻ bắt đầu bằng", value: "WB-" },
    ],
    sections: [
      {
        id: "what-it-is",
        heading: "Sản phẩm là gì",
        blocks: [
          {
            type: "p",
            text: "Vòng đeo tay là loại thẻ SafeTap bạn không bao giờ phải nhớ mang theo. Mã QR được in ở mặt ngoài; chip NFC được đúc liền trong silicon, nên không cần sạc, không có pin và không cần ghép nối. Mỗi vòng có mã thẻ riêng và liên kết với hồ sơ khẩn cấp của bạn, mà bạn có thể cập nhật bất cứ lúc nào mà không cần động đến vòng.",
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
              "Người chạy bộ, đạp xe, bơi lội và đi bộ đường dài ra ngoài mà không mang ví.",
              "Người bị dị ứng, tiểu đường, động kinh, bệnh tim hoặc những bệnh khác mà người cứu giúp cần biết ngay.",
              "Trẻ em đi dã ngoại cùng trường, đi trại hè và đến những sự kiện đông người.",
              "Người thân lớn tuổi, kể cả người bị sa sút trí tuệ có thể không nói được cần gọi cho ai.",
              "Người đi du lịch muốn thông tin của mình đọc được bằng ngôn ngữ khác.",
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
              "**Nước:** cứ đeo khi tắm, khi đi mưa và khi bơi. Rửa lại bằng nước sạch sau khi tắm biển hoặc bơi ở hồ có clo.",
              "**Nhiệt:** tránh xa phòng xông hơi, lò nướng, máy rửa bát và nước sôi; nhiệt độ cao có thể làm biến dạng silicon và hỏng chip.",
              "**Vệ sinh:** rửa bằng nước ấm và xà phòng dịu nhẹ, rồi để khô. Tránh dung môi và thuốc tẩy vì chúng làm phai mã QR.",
              "**Da:** nếu vòng gây kích ứng da, hãy tháo ra và dùng thẻ ví hoặc móc khóa SafeTap thay thế.",
              "**Trẻ em:** kiểm tra độ vừa vặn để vòng không bị vướng, và đừng để trẻ nhỏ cắn vòng.",
              "**Thỉnh thoảng:** quét bằng chính điện thoại của bạn để kiểm tra mã QR vẫn đọc được và thẻ của bạn đã được cập nhật.",
            ],
          },
        ],
      },
      lostSection.vi,
    ],
  },
};
