import type { LegalDocument, Localized } from "#app/content/types.ts";

/** The terms of service. Plans and limits must match app/lib/plans.ts and DESIGN.md. */
export const termsOfService: Localized<LegalDocument> = {
  en: {
    seo: {
      title: "Terms of Service",
      description:
        "The rules for using SafeTap: it is not an emergency service, alerts depend on third-party networks, and what we ask of accounts, tags, plans and acceptable use.",
    },
    title: "Terms of Service",
    summary: [
      "**SafeTap is not an emergency service.** In an emergency, always call the local emergency number first.",
      "Alerts travel over networks we do not control, so we cannot guarantee that they arrive or when.",
      "Payments are not available yet: choosing a paid plan shows “Checkout coming soon” and nobody is charged.",
      "Use SafeTap to help people, never to mislead, harass or track them.",
    ],
    sections: [
      {
        id: "agreement",
        heading: "About these terms",
        blocks: [
          {
            type: "p",
            text: "These terms apply when you use the SafeTap website, create an account, link a tag or view an emergency card. By using SafeTap you accept them. If you use SafeTap for an organisation, you accept them for that organisation and confirm that you may do so.",
          },
          {
            type: "p",
            text: "How we handle personal information is described in the [Privacy Policy](/legal/privacy), which is part of these terms.",
          },
        ],
      },
      {
        id: "not-an-emergency-service",
        heading: "SafeTap is not an emergency service",
        blocks: [
          {
            type: "note",
            text: "In an emergency, call the local emergency number first (for example 911 in the United States, Canada and Mexico, 112 across Europe, 999 in the United Kingdom, 000 in Australia, 115 for an ambulance in Vietnam).",
          },
          {
            type: "list",
            items: [
              "SafeTap does not call emergency services for you, does not watch over alerts and does not send anyone to help.",
              "An emergency card shows what its owner wrote. We do not check it, and it is not medical advice. Responders should use their own judgement and training.",
              "Nobody is obliged to answer an alert. SafeTap cannot promise that a contact will see it or act on it.",
            ],
          },
        ],
      },
      {
        id: "alerts",
        heading: "Alerts and third-party networks",
        blocks: [
          {
            type: "p",
            text: "Alerts are delivered by email, SMS, WhatsApp and voice calls through mobile networks, the internet and providers such as email services and Twilio. They depend on coverage, on those providers and on your contacts' phones. We retry failed deliveries and record every attempt, but **we do not guarantee that an alert will be delivered, or delivered within any time**.",
          },
          {
            type: "p",
            text: "When a phone is offline, an alert sent from a card viewed earlier waits on that phone and is sent once the network returns. Keep your contacts up to date and use Test Alert from your dashboard to check that they receive messages.",
          },
        ],
      },
      {
        id: "accounts",
        heading: "Your account",
        blocks: [
          {
            type: "list",
            items: [
              "Give accurate information and keep it current, especially your emergency contacts and medical details.",
              "Keep your password to yourself. You are responsible for what is done with your account.",
              "Add someone as an emergency contact only if they agree to receive alerts from SafeTap.",
              "An account belongs to one person. A parent or guardian may manage a child's profile.",
            ],
          },
        ],
      },
      {
        id: "tags",
        heading: "Tags",
        blocks: [
          {
            type: "list",
            items: [
              "A tag is linked to your emergency profile with its Tag ID and the activation token printed on its insert. Keep the insert somewhere safe until the tag is activated.",
              "Anyone who holds your tag can see what its card shows. You choose, per tag, whether that includes medical information and contacts.",
              "If a tag is lost, mark it lost on your dashboard: its card then shows only a deactivated message. You can unlink it later.",
              "We may deactivate a tag that is used to mislead or harm people.",
              "Tags bought on our store are sold under the store's terms of sale (delivery, returns and warranty).",
            ],
          },
        ],
      },
      {
        id: "plans",
        heading: "Plans and payments",
        blocks: [
          {
            type: "p",
            text: "Everyone starts on the Free plan. The Pro, Family and Enterprise plans and their limits are described on the [pricing page](/pricing). **Payments are not available yet**: choosing a paid plan shows “Checkout coming soon” and you are not charged. Before we start charging, we will publish the prices and terms of payment and ask for your agreement.",
          },
          {
            type: "p",
            text: "Plan limits never block an emergency: when a plan's SMS, WhatsApp or voice allowance is used up, alerts are still sent by email, and a card stays online even if a plan ends.",
          },
        ],
      },
      {
        id: "acceptable-use",
        heading: "Acceptable use",
        blocks: [
          { type: "p", text: "Do not use SafeTap to:" },
          {
            type: "list",
            items: [
              "send false or prank alerts, or alerts meant to frighten or harass;",
              "put another person's details on a card without their permission;",
              "follow or track someone, or use someone else's tag without their permission;",
              "collect emergency cards in bulk, test the service's security without our written agreement, or disrupt it;",
              "break the law or other people's rights.",
            ],
          },
          {
            type: "p",
            text: "We may suspend or close accounts that break these rules, telling you why when we can.",
          },
        ],
      },
      {
        id: "your-content",
        heading: "Your information",
        blocks: [
          {
            type: "p",
            text: "What you add to SafeTap stays yours. You allow us to store it, to show it on your emergency card as you choose, and to send it to your contacts in alerts, only as needed to run the service.",
          },
        ],
      },
      {
        id: "liability",
        heading: "Liability",
        blocks: [
          {
            type: "p",
            text: "We work hard to keep SafeTap available and accurate, but it is provided “as is”. As far as the law allows, SafeTap is not liable for indirect or consequential losses, for failures of networks and providers we do not control, or for decisions made from what a card shows.",
          },
          {
            type: "p",
            text: "Nothing in these terms limits liability that cannot be limited by law, such as for death or personal injury caused by negligence, or your statutory rights as a consumer.",
          },
        ],
      },
      {
        id: "ending",
        heading: "Ending your use",
        blocks: [
          {
            type: "p",
            text: "You can stop using SafeTap at any time and ask us to delete your account, as explained in the [Privacy Policy](/legal/privacy#retention). If we ever close SafeTap, we will tell you well in advance so that you can make other arrangements.",
          },
        ],
      },
      {
        id: "changes",
        heading: "Changes to these terms",
        blocks: [
          {
            type: "p",
            text: "The date at the top shows when these terms last changed. We will tell you about important changes before they take effect. If you do not accept them, you can close your account.",
          },
        ],
      },
    ],
  },
  es: {
    seo: {
      title: "Términos del servicio",
      description:
        "Las reglas para usar SafeTap: no es un servicio de emergencias, las alertas dependen de redes de terceros, y lo que pedimos sobre cuentas, etiquetas, planes y uso aceptable.",
    },
    title: "Términos del servicio",
    summary: [
      "**SafeTap no es un servicio de emergencias.** En una emergencia, llama siempre primero al número de emergencias local.",
      "Las alertas viajan por redes que no controlamos, así que no podemos garantizar que lleguen ni cuándo.",
      "Los pagos aún no están disponibles: al elegir un plan de pago se muestra «El pago estará disponible pronto» y no se cobra nada.",
      "Usa SafeTap para ayudar a las personas, nunca para engañarlas, acosarlas o seguirlas.",
    ],
    sections: [
      {
        id: "agreement",
        heading: "Sobre estos términos",
        blocks: [
          {
            type: "p",
            text: "Estos términos se aplican cuando usas el sitio web de SafeTap, creas una cuenta, vinculas una etiqueta o ves una tarjeta de emergencia. Al usar SafeTap los aceptas. Si usas SafeTap en nombre de una organización, los aceptas en su nombre y confirmas que puedes hacerlo.",
          },
          {
            type: "p",
            text: "Cómo tratamos la información personal se explica en la [Política de privacidad](/legal/privacy), que forma parte de estos términos.",
          },
        ],
      },
      {
        id: "not-an-emergency-service",
        heading: "SafeTap no es un servicio de emergencias",
        blocks: [
          {
            type: "note",
            text: "En una emergencia, llama primero al número de emergencias local (por ejemplo, 112 en España y en toda Europa, 911 en México, Estados Unidos y Canadá, 999 en el Reino Unido, 000 en Australia, 115 para una ambulancia en Vietnam).",
          },
          {
            type: "list",
            items: [
              "SafeTap no llama a los servicios de emergencia por ti, no vigila las alertas y no envía a nadie a ayudar.",
              "Una tarjeta de emergencia muestra lo que escribió su titular. No lo comprobamos y no es un consejo médico. Quien atiende debe usar su propio criterio y formación.",
              "Nadie está obligado a responder a una alerta. SafeTap no puede prometer que un contacto la vea ni que actúe.",
            ],
          },
        ],
      },
      {
        id: "alerts",
        heading: "Alertas y redes de terceros",
        blocks: [
          {
            type: "p",
            text: "Las alertas se envían por correo electrónico, SMS, WhatsApp y llamadas de voz a través de redes móviles, de internet y de proveedores como los servicios de correo y Twilio. Dependen de la cobertura, de esos proveedores y de los teléfonos de tus contactos. Reintentamos los envíos fallidos y registramos cada intento, pero **no garantizamos que una alerta se entregue, ni en qué plazo**.",
          },
          {
            type: "p",
            text: "Si un teléfono no tiene conexión, la alerta enviada desde una tarjeta ya vista espera en ese teléfono y sale en cuanto vuelve la red. Mantén tus contactos al día y usa Alerta de prueba desde tu panel para comprobar que reciben los mensajes.",
          },
        ],
      },
      {
        id: "accounts",
        heading: "Tu cuenta",
        blocks: [
          {
            type: "list",
            items: [
              "Da información exacta y mantenla al día, sobre todo tus contactos de emergencia y tus datos médicos.",
              "No compartas tu contraseña. Eres responsable de lo que se haga con tu cuenta.",
              "Añade a alguien como contacto de emergencia solo si acepta recibir alertas de SafeTap.",
              "Cada cuenta pertenece a una sola persona. Un padre, una madre o un tutor puede gestionar el perfil de un menor.",
            ],
          },
        ],
      },
      {
        id: "tags",
        heading: "Etiquetas",
        blocks: [
          {
            type: "list",
            items: [
              "Una etiqueta se vincula a tu perfil de emergencia con su ID de etiqueta y el token de activación impreso en la tarjeta incluida. Guarda esa tarjeta en un lugar seguro hasta activar la etiqueta.",
              "Cualquiera que tenga tu etiqueta puede ver lo que muestra su tarjeta. Tú eliges, para cada etiqueta, si incluye la información médica y los contactos.",
              "Si pierdes una etiqueta, márcala como perdida en tu panel: su tarjeta solo mostrará un aviso de desactivación. Después puedes desvincularla.",
              "Podemos desactivar una etiqueta que se use para engañar o hacer daño.",
              "Las etiquetas compradas en nuestra tienda se rigen por las condiciones de venta de la tienda (envío, devoluciones y garantía).",
            ],
          },
        ],
      },
      {
        id: "plans",
        heading: "Planes y pagos",
        blocks: [
          {
            type: "p",
            text: "Todo el mundo empieza con el plan Free. Los planes Pro, Family y Enterprise y sus límites se describen en la [página de precios](/pricing). **Los pagos aún no están disponibles**: al elegir un plan de pago se muestra «El pago estará disponible pronto» y no se te cobra nada. Antes de empezar a cobrar publicaremos los precios y las condiciones de pago y te pediremos tu conformidad.",
          },
          {
            type: "p",
            text: "Los límites de un plan nunca bloquean una emergencia: cuando se agota el cupo de SMS, WhatsApp o voz, las alertas se siguen enviando por correo, y una tarjeta sigue en línea aunque termine un plan.",
          },
        ],
      },
      {
        id: "acceptable-use",
        heading: "Uso aceptable",
        blocks: [
          { type: "p", text: "No uses SafeTap para:" },
          {
            type: "list",
            items: [
              "enviar alertas falsas o de broma, o alertas pensadas para asustar o acosar;",
              "poner los datos de otra persona en una tarjeta sin su permiso;",
              "seguir o localizar a alguien, o usar la etiqueta de otra persona sin su permiso;",
              "recopilar tarjetas de emergencia de forma masiva, poner a prueba la seguridad del servicio sin nuestro acuerdo por escrito o interrumpirlo;",
              "infringir la ley o los derechos de otras personas.",
            ],
          },
          {
            type: "p",
            text: "Podemos suspender o cerrar las cuentas que incumplan estas reglas y, cuando sea posible, te diremos por qué.",
          },
        ],
      },
      {
        id: "your-content",
        heading: "Tu información",
        blocks: [
          {
            type: "p",
            text: "Lo que añades a SafeTap sigue siendo tuyo. Nos permites guardarlo, mostrarlo en tu tarjeta de emergencia según elijas y enviarlo a tus contactos en las alertas, solo en la medida necesaria para prestar el servicio.",
          },
        ],
      },
      {
        id: "liability",
        heading: "Responsabilidad",
        blocks: [
          {
            type: "p",
            text: "Nos esforzamos por que SafeTap esté disponible y sea exacto, pero se ofrece «tal cual». En la medida en que lo permita la ley, SafeTap no responde de pérdidas indirectas, de fallos de redes y proveedores que no controlamos ni de decisiones tomadas a partir de lo que muestra una tarjeta.",
          },
          {
            type: "p",
            text: "Nada de lo dispuesto en estos términos limita la responsabilidad que la ley no permite limitar, como la derivada de muerte o lesiones causadas por negligencia, ni tus derechos legales como consumidor.",
          },
        ],
      },
      {
        id: "ending",
        heading: "Dejar de usar SafeTap",
        blocks: [
          {
            type: "p",
            text: "Puedes dejar de usar SafeTap cuando quieras y pedirnos que borremos tu cuenta, como se explica en la [Política de privacidad](/legal/privacy#retention). Si algún día cerramos SafeTap, te avisaremos con mucha antelación para que puedas organizarte.",
          },
        ],
      },
      {
        id: "changes",
        heading: "Cambios en estos términos",
        blocks: [
          {
            type: "p",
            text: "La fecha de arriba indica cuándo cambiaron estos términos por última vez. Te avisaremos de los cambios importantes antes de que entren en vigor. Si no los aceptas, puedes cerrar tu cuenta.",
          },
        ],
      },
    ],
  },
  fr: {
    seo: {
      title: "Conditions d'utilisation",
      description:
        "Les règles d'utilisation de SafeTap : ce n'est pas un service d'urgence, les alertes dépendent de réseaux tiers, et ce que nous demandons pour les comptes, les étiquettes, les formules et l'usage acceptable.",
    },
    title: "Conditions d'utilisation",
    summary: [
      "**SafeTap n'est pas un service d'urgence.** En cas d'urgence, appelez toujours d'abord le numéro d'urgence local.",
      "Les alertes passent par des réseaux que nous ne maîtrisons pas : nous ne pouvons garantir ni qu'elles arrivent, ni quand.",
      "Le paiement n'est pas encore disponible : choisir une formule payante affiche « Paiement bientôt disponible » et rien n'est facturé.",
      "Utilisez SafeTap pour aider les gens, jamais pour les tromper, les harceler ou les suivre.",
    ],
    sections: [
      {
        id: "agreement",
        heading: "À propos de ces conditions",
        blocks: [
          {
            type: "p",
            text: "Ces conditions s'appliquent lorsque vous utilisez le site SafeTap, créez un compte, associez une étiquette ou consultez une carte d'urgence. En utilisant SafeTap, vous les acceptez. Si vous utilisez SafeTap pour une organisation, vous les acceptez au nom de celle-ci et confirmez en avoir le droit.",
          },
          {
            type: "p",
            text: "La façon dont nous traitons les informations personnelles est décrite dans la [Politique de confidentialité](/legal/privacy), qui fait partie de ces conditions.",
          },
        ],
      },
      {
        id: "not-an-emergency-service",
        heading: "SafeTap n'est pas un service d'urgence",
        blocks: [
          {
            type: "note",
            text: "En cas d'urgence, appelez d'abord le numéro d'urgence local (par exemple le 112 partout en Europe, le 15 pour le SAMU en France, le 911 au Canada, aux États-Unis et au Mexique, le 999 au Royaume-Uni, le 000 en Australie, le 115 pour une ambulance au Vietnam).",
          },
          {
            type: "list",
            items: [
              "SafeTap n'appelle pas les secours à votre place, ne surveille pas les alertes et n'envoie personne pour aider.",
              "Une carte d'urgence affiche ce que son titulaire a écrit. Nous ne le vérifions pas et ce n'est pas un avis médical. Les secouristes doivent s'en remettre à leur jugement et à leur formation.",
              "Personne n'est tenu de répondre à une alerte. SafeTap ne peut pas promettre qu'un contact la verra ni qu'il agira.",
            ],
          },
        ],
      },
      {
        id: "alerts",
        heading: "Alertes et réseaux tiers",
        blocks: [
          {
            type: "p",
            text: "Les alertes sont envoyées par e-mail, SMS, WhatsApp et appel vocal via les réseaux mobiles, internet et des prestataires comme les services de messagerie et Twilio. Elles dépendent de la couverture, de ces prestataires et des téléphones de vos contacts. Nous relançons les envois en échec et enregistrons chaque tentative, mais **nous ne garantissons pas qu'une alerte sera remise, ni dans quel délai**.",
          },
          {
            type: "p",
            text: "Lorsqu'un téléphone est hors ligne, une alerte envoyée depuis une carte déjà consultée attend sur ce téléphone et part dès le retour du réseau. Tenez vos contacts à jour et utilisez Alerte de test depuis votre tableau de bord pour vérifier qu'ils reçoivent bien les messages.",
          },
        ],
      },
      {
        id: "accounts",
        heading: "Votre compte",
        blocks: [
          {
            type: "list",
            items: [
              "Donnez des informations exactes et tenez-les à jour, en particulier vos contacts d'urgence et vos informations médicales.",
              "Gardez votre mot de passe pour vous. Vous êtes responsable de ce qui est fait avec votre compte.",
              "N'ajoutez une personne comme contact d'urgence que si elle accepte de recevoir des alertes SafeTap.",
              "Un compte appartient à une seule personne. Un parent ou un tuteur peut gérer le profil d'un enfant.",
            ],
          },
        ],
      },
      {
        id: "tags",
        heading: "Étiquettes",
        blocks: [
          {
            type: "list",
            items: [
              "Une étiquette est associée à votre profil d'urgence grâce à son identifiant et au jeton d'activation imprimé sur sa notice. Conservez la notice en lieu sûr jusqu'à l'activation.",
              "Toute personne qui détient votre étiquette peut voir ce qu'affiche sa carte. Vous choisissez, pour chaque étiquette, d'y inclure ou non les informations médicales et les contacts.",
              "Si vous perdez une étiquette, déclarez-la perdue depuis votre tableau de bord : sa carte n'affiche alors plus qu'un message de désactivation. Vous pourrez ensuite la dissocier.",
              "Nous pouvons désactiver une étiquette utilisée pour tromper ou nuire.",
              "Les étiquettes achetées sur notre boutique sont vendues selon les conditions de vente de la boutique (livraison, retours et garantie).",
            ],
          },
        ],
      },
      {
        id: "plans",
        heading: "Formules et paiement",
        blocks: [
          {
            type: "p",
            text: "Tout le monde commence avec la formule Free. Les formules Pro, Family et Enterprise et leurs limites sont décrites sur la [page des tarifs](/pricing). **Le paiement n'est pas encore disponible** : choisir une formule payante affiche « Paiement bientôt disponible » et rien ne vous est facturé. Avant de facturer quoi que ce soit, nous publierons les prix et les conditions de paiement et vous demanderons votre accord.",
          },
          {
            type: "p",
            text: "Les limites d'une formule ne bloquent jamais une urgence : quand le quota de SMS, WhatsApp ou d'appels est épuisé, les alertes partent quand même par e-mail, et une carte reste en ligne même si une formule prend fin.",
          },
        ],
      },
      {
        id: "acceptable-use",
        heading: "Usage acceptable",
        blocks: [
          { type: "p", text: "N'utilisez pas SafeTap pour :" },
          {
            type: "list",
            items: [
              "envoyer de fausses alertes, des canulars ou des alertes destinées à effrayer ou harceler ;",
              "mettre les informations d'une autre personne sur une carte sans son accord ;",
              "suivre ou localiser quelqu'un, ou utiliser l'étiquette de quelqu'un d'autre sans son accord ;",
              "collecter des cartes d'urgence en masse, tester la sécurité du service sans notre accord écrit, ou le perturber ;",
              "enfreindre la loi ou les droits d'autrui.",
            ],
          },
          {
            type: "p",
            text: "Nous pouvons suspendre ou fermer les comptes qui enfreignent ces règles, en vous expliquant pourquoi lorsque c'est possible.",
          },
        ],
      },
      {
        id: "your-content",
        heading: "Vos informations",
        blocks: [
          {
            type: "p",
            text: "Ce que vous ajoutez à SafeTap vous appartient. Vous nous autorisez à le conserver, à l'afficher sur votre carte d'urgence selon vos choix et à l'envoyer à vos contacts dans les alertes, uniquement dans la mesure nécessaire au fonctionnement du service.",
          },
        ],
      },
      {
        id: "liability",
        heading: "Responsabilité",
        blocks: [
          {
            type: "p",
            text: "Nous faisons tout pour que SafeTap reste disponible et exact, mais il est fourni « en l'état ». Dans les limites permises par la loi, SafeTap n'est pas responsable des pertes indirectes, des défaillances des réseaux et prestataires que nous ne maîtrisons pas, ni des décisions prises à partir de ce qu'affiche une carte.",
          },
          {
            type: "p",
            text: "Rien dans ces conditions ne limite une responsabilité que la loi interdit de limiter, comme en cas de décès ou de dommage corporel causé par une négligence, ni vos droits légaux de consommateur.",
          },
        ],
      },
      {
        id: "ending",
        heading: "Cesser d'utiliser SafeTap",
        blocks: [
          {
            type: "p",
            text: "Vous pouvez cesser d'utiliser SafeTap à tout moment et nous demander de supprimer votre compte, comme expliqué dans la [Politique de confidentialité](/legal/privacy#retention). Si nous devions un jour fermer SafeTap, nous vous préviendrions longtemps à l'avance pour que vous puissiez vous organiser.",
          },
        ],
      },
      {
        id: "changes",
        heading: "Modifications de ces conditions",
        blocks: [
          {
            type: "p",
            text: "La date en haut de page indique la dernière modification de ces conditions. Nous vous informerons des changements importants avant leur entrée en vigueur. Si vous ne les acceptez pas, vous pouvez fermer votre compte.",
          },
        ],
      },
    ],
  },
  vi: {
    seo: {
      title: "Điều khoản dịch vụ",
      description:
        "Quy định khi sử dụng SafeTap: đây không phải dịch vụ cấp cứu, cảnh báo phụ thuộc vào mạng của bên thứ ba, và những điều chúng tôi yêu cầu về tài khoản, thẻ, gói dịch vụ và cách sử dụng hợp lệ.",
    },
    title: "Điều khoản dịch vụ",
    summary: [
      "**SafeTap không phải là dịch vụ cấp cứu.** Khi có tình huống khẩn cấp, hãy luôn gọi số khẩn cấp tại địa phương trước tiên.",
      "Cảnh báo đi qua các mạng mà chúng tôi không kiểm soát, vì vậy chúng tôi không thể đảm bảo cảnh báo sẽ đến nơi hay đến lúc nào.",
      "Hiện chưa thể thanh toán: khi chọn gói trả phí, bạn sẽ thấy thông báo “Thanh toán sắp ra mắt” và không ai bị tính phí.",
      "Hãy dùng SafeTap để giúp đỡ mọi người, không bao giờ để lừa dối, quấy rối hay theo dõi họ.",
    ],
    sections: [
      {
        id: "agreement",
        heading: "Về các điều khoản này",
        blocks: [
          {
            type: "p",
            text: "Các điều khoản này áp dụng khi bạn sử dụng trang web SafeTap, tạo tài khoản, liên kết thẻ hoặc xem thẻ khẩn cấp. Khi sử dụng SafeTap, bạn chấp nhận các điều khoản này. Nếu bạn dùng SafeTap cho một tổ chức, bạn chấp nhận thay mặt tổ chức đó và xác nhận rằng bạn có quyền làm vậy.",
          },
          {
            type: "p",
            text: "Cách chúng tôi xử lý thông tin cá nhân được mô tả trong [Chính sách quyền riêng tư](/legal/privacy), là một phần của các điều khoản này.",
          },
        ],
      },
      {
        id: "not-an-emergency-service",
        heading: "SafeTap không phải là dịch vụ cấp cứu",
        blocks: [
          {
            type: "note",
            text: "Khi có tình huống khẩn cấp, hãy gọi số khẩn cấp tại địa phương trước tiên (ví dụ tại Việt Nam: 115 cấp cứu y tế, 113 công an, 114 cứu hỏa; 112 ở châu Âu, 911 ở Hoa Kỳ, Canada và Mexico, 999 ở Vương quốc Anh, 000 ở Úc).",
          },
          {
            type: "list",
            items: [
              "SafeTap không gọi dịch vụ cấp cứu thay bạn, không theo dõi các cảnh báo và không cử ai đến giúp.",
              "Thẻ khẩn cấp hiển thị những gì chủ thẻ đã viết. Chúng tôi không kiểm tra nội dung đó và đó không phải lời khuyên y tế. Người cứu giúp cần dựa vào phán đoán và chuyên môn của mình.",
              "Không ai bắt buộc phải trả lời cảnh báo. SafeTap không thể hứa rằng người liên hệ sẽ thấy cảnh báo hay sẽ hành động.",
            ],
          },
        ],
      },
      {
        id: "alerts",
        heading: "Cảnh báo và mạng của bên thứ ba",
        blocks: [
          {
            type: "p",
            text: "Cảnh báo được gửi qua email, SMS, WhatsApp và cuộc gọi thoại thông qua mạng di động, internet và các nhà cung cấp như dịch vụ email và Twilio. Việc gửi phụ thuộc vào vùng phủ sóng, các nhà cung cấp đó và điện thoại của người liên hệ. Chúng tôi gửi lại khi thất bại và ghi lại mọi lần thử, nhưng **chúng tôi không đảm bảo cảnh báo sẽ được gửi đến, hay đến trong khoảng thời gian nào**.",
          },
          {
            type: "p",
            text: "Khi điện thoại mất mạng, cảnh báo gửi từ một thẻ đã xem trước đó sẽ chờ trên điện thoại và được gửi đi ngay khi có mạng trở lại. Hãy cập nhật người liên hệ của bạn và dùng Cảnh báo thử từ bảng điều khiển để kiểm tra rằng họ nhận được tin nhắn.",
          },
        ],
      },
      {
        id: "accounts",
        heading: "Tài khoản của bạn",
        blocks: [
          {
            type: "list",
            items: [
              "Cung cấp thông tin chính xác và luôn cập nhật, nhất là người liên hệ khẩn cấp và thông tin y tế.",
              "Giữ kín mật khẩu của bạn. Bạn chịu trách nhiệm về những gì được thực hiện bằng tài khoản của mình.",
              "Chỉ thêm một người làm người liên hệ khẩn cấp khi họ đồng ý nhận cảnh báo từ SafeTap.",
              "Mỗi tài khoản thuộc về một người. Cha mẹ hoặc người giám hộ có thể quản lý hồ sơ của trẻ.",
            ],
          },
        ],
      },
      {
        id: "tags",
        heading: "Thẻ",
        blocks: [
          {
            type: "list",
            items: [
              "Thẻ được liên kết với hồ sơ khẩn cấp của bạn bằng mã thẻ và mã kích hoạt in trên tờ hướng dẫn kèm theo. Hãy cất tờ hướng dẫn ở nơi an toàn cho đến khi kích hoạt thẻ.",
              "Bất kỳ ai cầm thẻ của bạn đều xem được những gì thẻ hiển thị. Bạn chọn cho từng thẻ có hiển thị thông tin y tế và người liên hệ hay không.",
              "Nếu mất thẻ, hãy đánh dấu thẻ bị mất trên bảng điều khiển: khi đó thẻ chỉ hiển thị thông báo đã bị vô hiệu hóa. Sau đó bạn có thể hủy liên kết thẻ.",
              "Chúng tôi có thể vô hiệu hóa thẻ bị dùng để lừa dối hoặc gây hại.",
              "Thẻ mua tại cửa hàng của chúng tôi được bán theo điều kiện bán hàng của cửa hàng (giao hàng, đổi trả và bảo hành).",
            ],
          },
        ],
      },
      {
        id: "plans",
        heading: "Gói dịch vụ và thanh toán",
        blocks: [
          {
            type: "p",
            text: "Mọi người đều bắt đầu với gói Free. Các gói Pro, Family và Enterprise cùng giới hạn của chúng được mô tả trên [trang bảng giá](/pricing). **Hiện chưa thể thanh toán**: khi chọn gói trả phí, bạn sẽ thấy “Thanh toán sắp ra mắt” và không bị tính phí. Trước khi bắt đầu thu phí, chúng tôi sẽ công bố giá và điều kiện thanh toán và xin sự đồng ý của bạn.",
          },
          {
            type: "p",
            text: "Giới hạn của gói không bao giờ chặn một tình huống khẩn cấp: khi hết lượt SMS, WhatsApp hoặc cuộc gọi thoại, cảnh báo vẫn được gửi qua email, và thẻ vẫn hoạt động ngay cả khi gói dịch vụ kết thúc.",
          },
        ],
      },
      {
        id: "acceptable-use",
        heading: "Sử dụng hợp lệ",
        blocks: [
          { type: "p", text: "Không được dùng SafeTap để:" },
          {
            type: "list",
            items: [
              "gửi cảnh báo giả, cảnh báo đùa, hoặc cảnh báo nhằm gây sợ hãi hay quấy rối;",
              "đưa thông tin của người khác lên thẻ khi chưa được họ cho phép;",
              "theo dõi hay định vị ai đó, hoặc dùng thẻ của người khác khi chưa được cho phép;",
              "thu thập hàng loạt thẻ khẩn cấp, thử nghiệm bảo mật của dịch vụ khi chưa có sự đồng ý bằng văn bản của chúng tôi, hoặc làm gián đoạn dịch vụ;",
              "vi phạm pháp luật hoặc quyền của người khác.",
            ],
          },
          {
            type: "p",
            text: "Chúng tôi có thể tạm ngưng hoặc đóng tài khoản vi phạm các quy định này, và sẽ giải thích lý do khi có thể.",
          },
        ],
      },
      {
        id: "your-content",
        heading: "Thông tin của bạn",
        blocks: [
          {
            type: "p",
            text: "Những gì bạn thêm vào SafeTap vẫn thuộc về bạn. Bạn cho phép chúng tôi lưu trữ, hiển thị trên thẻ khẩn cấp theo lựa chọn của bạn và gửi cho người liên hệ trong cảnh báo, chỉ trong phạm vi cần thiết để vận hành dịch vụ.",
          },
        ],
      },
      {
        id: "liability",
        heading: "Trách nhiệm pháp lý",
        blocks: [
          {
            type: "p",
            text: "Chúng tôi nỗ lực để SafeTap luôn sẵn sàng và chính xác, nhưng dịch vụ được cung cấp “nguyên trạng”. Trong phạm vi pháp luật cho phép, SafeTap không chịu trách nhiệm về thiệt hại gián tiếp, về sự cố của các mạng và nhà cung cấp mà chúng tôi không kiểm soát, hay về các quyết định đưa ra dựa trên nội dung thẻ hiển thị.",
          },
          {
            type: "p",
            text: "Không điều gì trong các điều khoản này giới hạn trách nhiệm mà pháp luật không cho phép giới hạn, chẳng hạn trách nhiệm đối với tử vong hoặc thương tích do sơ suất gây ra, hay các quyền của bạn với tư cách người tiêu dùng theo luật định.",
          },
        ],
      },
      {
        id: "ending",
        heading: "Ngừng sử dụng SafeTap",
        blocks: [
          {
            type: "p",
            text: "Bạn có thể ngừng sử dụng SafeTap bất cứ lúc nào và yêu cầu chúng tôi xóa tài khoản, như giải thích trong [Chính sách quyền riêng tư](/legal/privacy#retention). Nếu một ngày nào đó SafeTap ngừng hoạt động, chúng tôi sẽ báo trước cho bạn đủ sớm để bạn có phương án khác.",
          },
        ],
      },
      {
        id: "changes",
        heading: "Thay đổi các điều khoản này",
        blocks: [
          {
            type: "p",
            text: "Ngày ở đầu trang cho biết lần thay đổi gần nhất của các điều khoản này. Chúng tôi sẽ báo cho bạn về những thay đổi quan trọng trước khi chúng có hiệu lực. Nếu không đồng ý, bạn có thể đóng tài khoản.",
          },
        ],
      },
    ],
  },
};
