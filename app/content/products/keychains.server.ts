import type { Localized, ProductPage } from "#app/content/types.ts";
import { activationSection, lostSection, scanningSection } from "./shared.server.ts";

export const KEYCHAIN_EXAMPLE_ID = "KC-9TR2W";
const activate = activationSection(KEYCHAIN_EXAMPLE_ID);

export const keychainPage: Localized<ProductPage> = {
  en: {
    seo: {
      title: "SafeTap Keychain: emergency QR and NFC tag for your keys",
      description:
        "A tough keychain fob with a QR code and NFC chip that opens your emergency card on any phone. How it works, who it suits, activation, care and replacing a lost tag.",
    },
    name: "SafeTap Keychain",
    tagline: "Goes wherever your keys go.",
    intro:
      "A small, tough fob with a QR code on the front and an NFC chip inside, on a ring that fits any set of keys, a bag strap or a zip pull.",
    facts: [
      { label: "Reads with", value: "QR code and NFC tap, no app" },
      { label: "Fits", value: "Keys, bag straps and zip pulls" },
      { label: "Water", value: "Rain- and splash-resistant" },
      { label: "Tag ID starts with", value: "KC-" },
    ],
    sections: [
      {
        id: "what-it-is",
        heading: "What it is",
        blocks: [
          {
            type: "p",
            text: "Most people never leave home without their keys, which makes a keychain the easiest tag to always have on you. The fob holds the NFC chip sealed inside and the QR code on the front. After a fall or a road accident, keys are often in a pocket, in the ignition or in a bag that responders check, and one scan opens your emergency card.",
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
              "Drivers, motorcyclists and cyclists, with the fob on the keys or clipped to a bag.",
              "Anyone who does not want to wear a wristband.",
              "Teenagers heading out on their own for the first time.",
              "Dog walkers and runners who carry nothing but their keys.",
              "Families: one keychain on each child's backpack.",
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
              "**Water:** rain and splashes are fine; dry the fob if it has been soaked.",
              "**Heat:** do not leave it in full sun on a car dashboard.",
              "**Wear:** keys scratch. If the QR code gets worn, the NFC chip still works, but order a replacement so both ways keep working.",
              "**Cleaning:** a damp cloth with a little mild soap.",
              "**Small parts:** keep the ring and the fob away from babies and toddlers.",
            ],
          },
          {
            type: "p",
            text: "Prefer something flat? A [SafeTap card](/products/cards) fits a wallet, and stickers go on a helmet or a phone.",
          },
        ],
      },
      lostSection.en,
    ],
  },
  es: {
    seo: {
      title: "Llavero SafeTap: etiqueta de emergencia QR y NFC para tus llaves",
      description:
        "Un llavero resistente con código QR y chip NFC que abre tu tarjeta de emergencia en cualquier móvil. Cómo funciona, para quién es, activación, cuidados y cómo sustituir una etiqueta perdida.",
    },
    name: "Llavero SafeTap",
    tagline: "Va a donde van tus llaves.",
    intro:
      "Un llavero pequeño y resistente con un código QR en la parte delantera y un chip NFC dentro, con una anilla que sirve para cualquier manojo de llaves, el asa de una bolsa o el tirador de una cremallera.",
    facts: [
      { label: "Se lee con", value: "Código QR y toque NFC, sin app" },
      { label: "Se lleva en", value: "Llaves, asas de bolsos y cremalleras" },
      { label: "Agua", value: "Resiste la lluvia y las salpicaduras" },
      { label: "El ID empieza por", value: "KC-" },
    ],
    sections: [
      {
        id: "what-it-is",
        heading: "Qué es",
        blocks: [
          {
            type: "p",
            text: "Casi nadie sale de casa sin las llaves, y por eso el llavero es la etiqueta más fácil de llevar siempre encima. Lleva el chip NFC sellado dentro y el código QR delante. Tras una caída o un accidente de tráfico, las llaves suelen estar en un bolsillo, en el contacto del coche o en un bolso que revisan los servicios de emergencia, y un solo escaneo abre tu tarjeta de emergencia.",
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
              "Conductores, motoristas y ciclistas, con el llavero en las llaves o enganchado a la mochila.",
              "Quien no quiere llevar una pulsera.",
              "Adolescentes que empiezan a salir solos.",
              "Quienes pasean al perro o salen a correr solo con las llaves.",
              "Familias: un llavero en la mochila de cada hijo.",
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
              "**Agua:** la lluvia y las salpicaduras no le afectan; sécalo si se ha empapado.",
              "**Calor:** no lo dejes a pleno sol en el salpicadero del coche.",
              "**Desgaste:** las llaves rayan. Si el código QR se desgasta, el chip NFC sigue funcionando, pero pide uno nuevo para que funcionen las dos vías.",
              "**Limpieza:** un paño húmedo con un poco de jabón suave.",
              "**Piezas pequeñas:** mantén la anilla y el llavero fuera del alcance de bebés y niños pequeños.",
            ],
          },
          {
            type: "p",
            text: "¿Prefieres algo plano? Una [tarjeta SafeTap](/products/cards) cabe en la cartera, y las pegatinas van en el casco o en el móvil.",
          },
        ],
      },
      lostSection.es,
    ],
  },
  fr: {
    seo: {
      title: "Porte-clés SafeTap : étiquette d'urgence QR et NFC pour vos clés",
      description:
        "Un porte-clés robuste avec QR code et puce NFC qui ouvre votre carte d'urgence sur n'importe quel téléphone. Fonctionnement, usages, activation, entretien et remplacement d'une étiquette perdue.",
    },
    name: "Porte-clés SafeTap",
    tagline: "Il vous suit partout où vont vos clés.",
    intro:
      "Un petit porte-clés robuste avec un QR code à l'avant et une puce NFC à l'intérieur, sur un anneau qui s'adapte à n'importe quel trousseau, à une bandoulière ou à une tirette de fermeture éclair.",
    facts: [
      { label: "Se lit avec", value: "QR code et contact NFC, sans application" },
      { label: "Se fixe sur", value: "Clés, sangles de sac et tirettes" },
      { label: "Eau", value: "Résiste à la pluie et aux éclaboussures" },
      { label: "L'identifiant commence par", value: "KC-" },
    ],
    sections: [
      {
        id: "what-it-is",
        heading: "Ce que c'est",
        blocks: [
          {
            type: "p",
            text: "On ne sort presque jamais sans ses clés : le porte-clés est donc l'étiquette la plus facile à avoir toujours sur soi. Il contient la puce NFC scellée et porte le QR code à l'avant. Après une chute ou un accident de la route, les clés sont souvent dans une poche, sur le contact ou dans un sac que les secours examinent, et un seul scan ouvre votre carte d'urgence.",
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
              "Les automobilistes, motards et cyclistes, avec le porte-clés sur le trousseau ou accroché au sac.",
              "Celles et ceux qui ne veulent pas porter de bracelet.",
              "Les adolescents qui commencent à sortir seuls.",
              "Les personnes qui promènent leur chien ou courent avec leurs clés pour seul bagage.",
              "Les familles : un porte-clés sur le sac à dos de chaque enfant.",
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
              "**Eau :** la pluie et les éclaboussures ne posent pas de problème ; séchez-le s'il a été trempé.",
              "**Chaleur :** ne le laissez pas en plein soleil sur le tableau de bord.",
              "**Usure :** les clés rayent. Si le QR code s'use, la puce NFC fonctionne toujours, mais commandez un remplaçant pour que les deux modes de lecture restent disponibles.",
              "**Nettoyage :** un chiffon humide avec un peu de savon doux.",
              "**Petites pièces :** tenez l'anneau et le porte-clés hors de portée des bébés et des jeunes enfants.",
            ],
          },
          {
            type: "p",
            text: "Vous préférez quelque chose de plat ? Une [carte SafeTap](/products/cards) se glisse dans un portefeuille, et les autocollants se collent sur un casque ou un téléphone.",
          },
        ],
      },
      lostSection.fr,
    ],
  },
  vi: {
    seo: {
      title: "Móc khóa SafeTap: thẻ khẩn cấp QR và NFC cho chùm chìa khóa",
      description:
        "Móc khóa bền chắc có mã QR và chip NFC, mở thẻ khẩn cấp của bạn trên bất kỳ điện thoại nào. Cách hoạt động, phù hợp với ai, cách kích hoạt, bảo quản và thay thẻ bị mất.",
    },
    name: "Móc khóa SafeTap",
    tagline: "Chìa khóa đi đâu, móc khóa theo đó.",
    intro:
      "Một móc khóa nhỏ, bền chắc, có mã QR ở mặt trước và chip NFC bên trong, kèm vòng móc vừa với mọi chùm chìa khóa, quai túi hoặc đầu khóa kéo.",
    facts: [
      { label: "Đọc bằng", value: "Mã QR và chạm NFC, không cần ứng dụng" },
      { label: "Gắn vào", value: "Chìa khóa, quai túi và khóa kéo" },
      { label: "Nước", value: "Chịu được mưa và nước bắn" },
      { label: "Mã thẻ bắt đầu bằng", value: "KC-" },
    ],
    sections: [
      {
        id: "what-it-is",
        heading: "Sản phẩm là gì",
        blocks: [
          {
            type: "p",
            text: "Hầu như ai ra khỏi nhà cũng mang theo chìa khóa, nên móc khóa là loại thẻ dễ luôn có bên mình nhất. Móc khóa chứa chip NFC bọc kín bên trong và có mã QR ở mặt trước. Sau một cú ngã hay một vụ tai nạn giao thông, chìa khóa thường nằm trong túi áo, trên ổ khóa xe hoặc trong chiếc túi mà lực lượng cấp cứu kiểm tra, và chỉ một lần quét là mở được thẻ khẩn cấp của bạn.",
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
              "Người lái ô tô, xe máy và người đạp xe, gắn móc khóa vào chìa khóa hoặc móc vào túi.",
              "Bất kỳ ai không muốn đeo vòng tay.",
              "Thanh thiếu niên lần đầu tự đi ra ngoài một mình.",
              "Người dắt chó đi dạo và người chạy bộ chỉ mang theo chìa khóa.",
              "Gia đình: mỗi chiếc ba lô của con gắn một móc khóa.",
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
              "**Nước:** mưa và nước bắn không sao; lau khô nếu móc khóa bị ướt sũng.",
              "**Nhiệt:** đừng để dưới nắng gắt trên táp-lô ô tô.",
              "**Mài mòn:** chìa khóa dễ làm trầy xước. Nếu mã QR bị mòn, chip NFC vẫn hoạt động, nhưng hãy đặt mua móc khóa thay thế để cả hai cách đọc đều dùng được.",
              "**Vệ sinh:** lau bằng khăn ẩm với một chút xà phòng dịu nhẹ.",
              "**Chi tiết nhỏ:** để vòng móc và móc khóa xa tầm tay trẻ sơ sinh và trẻ nhỏ.",
            ],
          },
          {
            type: "p",
            text: "Bạn thích loại mỏng dẹt hơn? [Thẻ ví SafeTap](/products/cards) vừa trong ví, còn nhãn dán thì dán được lên mũ bảo hiểm hoặc điện thoại.",
          },
        ],
      },
      lostSection.vi,
    ],
  },
};
