import type { AboutPage, Localized } from "./types.ts";

export const aboutPage: Localized<AboutPage> = {
  en: {
    seo: {
      title: "About SafeTap: why we build emergency tags",
      description:
        "The person in trouble is rarely the one holding the phone. Why SafeTap needs no app, speaks the reader's language, works on a weak network, sends alerts that arrive and protects your privacy.",
    },
    title: "Why SafeTap exists",
    lead: "In an emergency, the person who needs help is rarely the person holding the phone. SafeTap is built for the stranger who is.",
    sections: [
      {
        id: "the-problem",
        heading: "The person in trouble is rarely the one holding the phone",
        blocks: [
          {
            type: "p",
            text: "A cyclist is knocked off their bike. A child gets separated from the class on a trip. A grandfather becomes confused at a bus stop. A traveller has an allergic reaction far from home. The first people to help are usually strangers: a passer-by, a shop assistant, a teacher, a paramedic. They need three answers, fast: who is this, what could harm them, and who should be called?",
          },
          {
            type: "p",
            text: "The answers are usually locked inside a phone, hidden behind a PIN, or written on a paper card that is out of date and in one language. SafeTap exists to close that gap.",
          },
        ],
      },
      {
        id: "no-app",
        heading: "No app, nothing to install",
        blocks: [
          {
            type: "p",
            text: "A SafeTap tag is a QR code and an NFC chip, on a wristband, a card, a keychain or a sticker. Any phone camera opens the emergency card in the browser. The helper does not download anything or create an account, and the tag has no battery to run flat. The person helping is the one in a hurry, so we made sure they never have to set anything up.",
          },
        ],
      },
      {
        id: "in-seconds",
        heading: "Readable in seconds, in the reader's own language",
        blocks: [
          {
            type: "p",
            text: "The card opens in the language of the phone reading it, English, Spanish, French or Vietnamese, and shows the local emergency number for the reader's country. It is small and arrives as a finished page, so it appears quickly even on a slow connection. Once a card has been viewed on a phone, it opens again there without any network, and its call and text buttons work over the phone network.",
          },
        ],
      },
      {
        id: "alerts",
        heading: "Alerts that arrive",
        blocks: [
          {
            type: "p",
            text: "One button on the card alerts the owner's contacts by email, SMS or WhatsApp, with a map link if the helper shares their location. Every alert is recorded; failed deliveries are retried and logged. If the network is down, the alert waits on the phone and goes out when the connection returns. And when a plan's SMS or voice allowance is used up, the alert still goes by email: billing never blocks an emergency.",
          },
        ],
      },
    ],
    principles: {
      heading: "What we believe about privacy",
      intro:
        "An emergency card is meant to be read by strangers. So the real questions are what it shows, who decides, and what happens to the information behind it. Our answers:",
      items: [
        {
          title: "You decide what each tag shows",
          text: "Medical information and contacts are switched on or off for each tag. Everything except your name is optional.",
        },
        {
          title: "Sensitive details stay behind a warning",
          text: "A helper must confirm that their access is logged before medical information appears, and every reveal is recorded.",
        },
        {
          title: "Encrypted, and kept to a minimum",
          text: "Medical fields and contact details are encrypted at rest with AES-256-GCM, with the keys kept outside the database. We ask only for what helps in an emergency.",
        },
        {
          title: "No advertising, no tracking, no selling",
          text: "Your health information is never used for advertising and never sold, and the site sets no third-party tracking cookies.",
        },
        {
          title: "Honest about limits",
          text: "SafeTap is not an emergency service and cannot promise that every network delivers every message. We say so plainly, and we always tell people to call the local emergency number first.",
        },
        {
          title: "Your data, your call",
          text: "You can see, correct and delete what you gave us at any time. The [Privacy Policy](/legal/privacy) explains exactly what we store, log and share.",
        },
      ],
    },
  },
  es: {
    seo: {
      title: "Sobre SafeTap: por qué creamos etiquetas de emergencia",
      description:
        "Quien está en apuros casi nunca es quien sostiene el móvil. Por qué SafeTap no necesita app, habla el idioma de quien lo lee, funciona con mala cobertura, envía alertas que llegan y protege tu privacidad.",
    },
    title: "Por qué existe SafeTap",
    lead: "En una emergencia, quien necesita ayuda casi nunca es quien sostiene el móvil. SafeTap está pensado para el desconocido que sí lo tiene en la mano.",
    sections: [
      {
        id: "the-problem",
        heading: "Quien está en apuros casi nunca es quien sostiene el móvil",
        blocks: [
          {
            type: "p",
            text: "Un coche arrolla a una ciclista. Un niño se separa de su clase durante una excursión. Un abuelo se desorienta en una parada de autobús. Una viajera sufre una reacción alérgica lejos de casa. Los primeros en ayudar suelen ser desconocidos: alguien que pasaba, un dependiente, una profesora, un técnico de emergencias. Necesitan tres respuestas, y rápido: quién es esta persona, qué puede hacerle daño y a quién hay que llamar.",
          },
          {
            type: "p",
            text: "Esas respuestas suelen estar bloqueadas dentro de un móvil, tras un PIN, o escritas en una tarjeta de papel desactualizada y en un solo idioma. SafeTap existe para cerrar ese hueco.",
          },
        ],
      },
      {
        id: "no-app",
        heading: "Sin app, nada que instalar",
        blocks: [
          {
            type: "p",
            text: "Una etiqueta SafeTap es un código QR y un chip NFC, en una pulsera, una tarjeta, un llavero o una pegatina. Cualquier cámara de móvil abre la tarjeta de emergencia en el navegador. Quien ayuda no descarga nada ni crea ninguna cuenta, y la etiqueta no tiene batería que se agote. Quien tiene prisa es quien ayuda, así que nos aseguramos de que nunca tenga que configurar nada.",
          },
        ],
      },
      {
        id: "in-seconds",
        heading: "Se lee en segundos, en el idioma de quien la lee",
        blocks: [
          {
            type: "p",
            text: "La tarjeta se abre en el idioma del móvil que la lee, inglés, español, francés o vietnamita, y muestra el número de emergencias local del país de esa persona. Es ligera y llega como una página terminada, así que aparece rápido incluso con una conexión lenta. Una vez vista en un móvil, vuelve a abrirse en él sin ninguna red, y sus botones de llamar y enviar mensajes funcionan por la red telefónica.",
          },
        ],
      },
      {
        id: "alerts",
        heading: "Alertas que llegan",
        blocks: [
          {
            type: "p",
            text: "Un solo botón en la tarjeta avisa a los contactos del titular por correo, SMS o WhatsApp, con un enlace al mapa si quien ayuda comparte su ubicación. Cada alerta queda registrada; los envíos fallidos se reintentan y se anotan. Si no hay red, la alerta espera en el móvil y sale cuando vuelve la conexión. Y cuando se agota el cupo de SMS o de voz de un plan, la alerta se envía igualmente por correo: la facturación nunca bloquea una emergencia.",
          },
        ],
      },
    ],
    principles: {
      heading: "Lo que creemos sobre la privacidad",
      intro:
        "Una tarjeta de emergencia está hecha para que la lean desconocidos. Así que las verdaderas preguntas son qué muestra, quién lo decide y qué pasa con la información que hay detrás. Nuestras respuestas:",
      items: [
        {
          title: "Tú decides qué muestra cada etiqueta",
          text: "La información médica y los contactos se activan o desactivan en cada etiqueta. Todo, salvo tu nombre, es opcional.",
        },
        {
          title: "Los datos delicados quedan tras un aviso",
          text: "Quien ayuda debe confirmar que su acceso queda registrado antes de ver la información médica, y cada acceso se anota.",
        },
        {
          title: "Cifrado y reducido al mínimo",
          text: "Los datos médicos y de contacto se guardan cifrados con AES-256-GCM, con las claves fuera de la base de datos. Solo pedimos lo que ayuda en una emergencia.",
        },
        {
          title: "Sin publicidad, sin seguimiento, sin venta",
          text: "Tu información de salud nunca se usa para publicidad ni se vende, y el sitio no usa cookies de seguimiento de terceros.",
        },
        {
          title: "Sinceros sobre los límites",
          text: "SafeTap no es un servicio de emergencias y no puede prometer que todas las redes entreguen todos los mensajes. Lo decimos claramente y siempre recordamos llamar primero al número de emergencias local.",
        },
        {
          title: "Tus datos, tu decisión",
          text: "Puedes ver, corregir y borrar lo que nos diste cuando quieras. La [Política de privacidad](/legal/privacy) explica exactamente qué guardamos, registramos y compartimos.",
        },
      ],
    },
  },
  fr: {
    seo: {
      title: "À propos de SafeTap : pourquoi nous créons des étiquettes d'urgence",
      description:
        "La personne en difficulté tient rarement le téléphone. Pourquoi SafeTap fonctionne sans application, parle la langue de la personne qui lit, marche avec un réseau faible, envoie des alertes qui arrivent et protège votre vie privée.",
    },
    title: "Pourquoi SafeTap existe",
    lead: "En cas d'urgence, la personne qui a besoin d'aide est rarement celle qui tient le téléphone. SafeTap est conçu pour l'inconnu qui le tient.",
    sections: [
      {
        id: "the-problem",
        heading: "La personne en difficulté tient rarement le téléphone",
        blocks: [
          {
            type: "p",
            text: "Une cycliste est renversée. Un enfant perd son groupe pendant une sortie scolaire. Un grand-père se retrouve désorienté à un arrêt de bus. Un voyageur fait une réaction allergique loin de chez lui. Les premiers à aider sont souvent des inconnus : un passant, une vendeuse, un enseignant, un secouriste. Il leur faut trois réponses, vite : qui est cette personne, qu'est-ce qui pourrait lui nuire, et qui faut-il appeler ?",
          },
          {
            type: "p",
            text: "Ces réponses sont le plus souvent enfermées dans un téléphone verrouillé par un code, ou écrites sur une carte papier périmée et dans une seule langue. SafeTap existe pour combler ce manque.",
          },
        ],
      },
      {
        id: "no-app",
        heading: "Aucune application, rien à installer",
        blocks: [
          {
            type: "p",
            text: "Une étiquette SafeTap, c'est un QR code et une puce NFC, sur un bracelet, une carte, un porte-clés ou un autocollant. N'importe quel appareil photo de téléphone ouvre la carte d'urgence dans le navigateur. La personne qui aide ne télécharge rien et ne crée aucun compte, et l'étiquette n'a pas de pile qui se vide. C'est elle qui est pressée : nous avons donc fait en sorte qu'elle n'ait jamais rien à configurer.",
          },
        ],
      },
      {
        id: "in-seconds",
        heading: "Lisible en quelques secondes, dans la langue de la personne qui lit",
        blocks: [
          {
            type: "p",
            text: "La carte s'ouvre dans la langue du téléphone qui la lit, anglais, espagnol, français ou vietnamien, et affiche le numéro d'urgence local du pays de cette personne. Elle est légère et arrive sous forme de page complète : elle s'affiche vite, même avec une connexion lente. Une fois consultée sur un téléphone, elle s'y rouvre sans aucun réseau, et ses boutons d'appel et de SMS passent par le réseau téléphonique.",
          },
        ],
      },
      {
        id: "alerts",
        heading: "Des alertes qui arrivent",
        blocks: [
          {
            type: "p",
            text: "Un seul bouton sur la carte prévient les contacts du titulaire par e-mail, SMS ou WhatsApp, avec un lien vers la carte si la personne qui aide partage sa position. Chaque alerte est enregistrée ; les envois en échec sont relancés et consignés. Sans réseau, l'alerte attend sur le téléphone et part au retour de la connexion. Et quand le quota de SMS ou d'appels d'une formule est épuisé, l'alerte part quand même par e-mail : la facturation ne bloque jamais une urgence.",
          },
        ],
      },
    ],
    principles: {
      heading: "Ce que nous pensons de la vie privée",
      intro:
        "Une carte d'urgence est faite pour être lue par des inconnus. Les vraies questions sont donc : que montre-t-elle, qui en décide, et que devient l'information qui se trouve derrière ? Nos réponses :",
      items: [
        {
          title: "Vous décidez de ce que montre chaque étiquette",
          text: "Les informations médicales et les contacts s'activent ou se désactivent pour chaque étiquette. Tout est facultatif, sauf votre nom.",
        },
        {
          title: "Les informations sensibles restent derrière un avertissement",
          text: "La personne qui aide doit confirmer que son accès est journalisé avant que les informations médicales s'affichent, et chaque affichage est enregistré.",
        },
        {
          title: "Chiffré, et réduit au minimum",
          text: "Les données médicales et les coordonnées sont chiffrées au repos avec AES-256-GCM, et les clés sont conservées hors de la base de données. Nous ne demandons que ce qui aide en cas d'urgence.",
        },
        {
          title: "Ni publicité, ni pistage, ni revente",
          text: "Vos informations de santé ne servent jamais à la publicité et ne sont jamais vendues, et le site ne dépose aucun cookie de suivi tiers.",
        },
        {
          title: "Honnêtes sur nos limites",
          text: "SafeTap n'est pas un service d'urgence et ne peut pas promettre que chaque réseau remette chaque message. Nous le disons clairement, et nous rappelons toujours d'appeler d'abord le numéro d'urgence local.",
        },
        {
          title: "Vos données, votre choix",
          text: "Vous pouvez consulter, corriger et supprimer à tout moment ce que vous nous avez confié. La [Politique de confidentialité](/legal/privacy) explique précisément ce que nous conservons, journalisons et partageons.",
        },
      ],
    },
  },
  vi: {
    seo: {
      title: "Giới thiệu SafeTap: vì sao chúng tôi làm thẻ khẩn cấp",
      description:
        "Người gặp nạn hiếm khi là người cầm điện thoại. Vì sao SafeTap không cần ứng dụng, hiển thị bằng ngôn ngữ của người đọc, chạy được khi mạng yếu, gửi cảnh báo đến nơi và bảo vệ quyền riêng tư của bạn.",
    },
    title: "Vì sao có SafeTap",
    lead: "Trong tình huống khẩn cấp, người cần giúp đỡ hiếm khi là người đang cầm điện thoại. SafeTap được làm ra cho người lạ đang cầm nó.",
    sections: [
      {
        id: "the-problem",
        heading: "Người gặp nạn hiếm khi là người cầm điện thoại",
        blocks: [
          {
            type: "p",
            text: "Một người đi xe đạp bị xe tông ngã. Một đứa trẻ lạc khỏi lớp trong buổi dã ngoại. Một ông cụ bỗng lú lẫn ở trạm xe buýt. Một du khách bị dị ứng nặng khi đang ở xa nhà. Những người giúp đỡ đầu tiên thường là người lạ: người qua đường, nhân viên cửa hàng, giáo viên, nhân viên cấp cứu. Họ cần ba câu trả lời thật nhanh: đây là ai, điều gì có thể gây hại cho họ, và cần gọi cho ai?",
          },
          {
            type: "p",
            text: "Những câu trả lời đó thường bị khóa trong điện thoại sau một mã PIN, hoặc được viết trên một tấm thẻ giấy đã cũ và chỉ bằng một ngôn ngữ. SafeTap ra đời để lấp khoảng trống đó.",
          },
        ],
      },
      {
        id: "no-app",
        heading: "Không cần ứng dụng, không phải cài đặt gì",
        blocks: [
          {
            type: "p",
            text: "Thẻ SafeTap là một mã QR và một chip NFC, trên vòng đeo tay, thẻ ví, móc khóa hoặc nhãn dán. Camera của bất kỳ điện thoại nào cũng mở được thẻ khẩn cấp trên trình duyệt. Người giúp đỡ không phải tải gì hay tạo tài khoản, và thẻ không có pin để hết. Người đang vội là người giúp đỡ, nên chúng tôi đảm bảo họ không bao giờ phải thiết lập gì.",
          },
        ],
      },
      {
        id: "in-seconds",
        heading: "Đọc được trong vài giây, bằng ngôn ngữ của chính người đọc",
        blocks: [
          {
            type: "p",
            text: "Thẻ mở bằng ngôn ngữ của điện thoại đang đọc, tiếng Anh, tiếng Tây Ban Nha, tiếng Pháp hoặc tiếng Việt, và hiển thị số khẩn cấp tại quốc gia của người đọc. Thẻ nhẹ và được gửi đến dưới dạng một trang hoàn chỉnh, nên hiện ra nhanh ngay cả khi mạng chậm. Khi đã xem một lần trên điện thoại, thẻ sẽ mở lại được trên máy đó mà không cần mạng, và các nút gọi, nhắn tin hoạt động qua mạng điện thoại.",
          },
        ],
      },
      {
        id: "alerts",
        heading: "Cảnh báo đến được nơi cần đến",
        blocks: [
          {
            type: "p",
            text: "Chỉ một nút trên thẻ là báo được cho người liên hệ của chủ thẻ qua email, SMS hoặc WhatsApp, kèm đường dẫn bản đồ nếu người giúp đỡ chia sẻ vị trí. Mọi cảnh báo đều được ghi lại; những lần gửi thất bại được gửi lại và ghi nhật ký. Nếu mất mạng, cảnh báo chờ trên điện thoại và được gửi khi có kết nối trở lại. Và khi gói dịch vụ đã hết lượt SMS hoặc cuộc gọi thoại, cảnh báo vẫn được gửi qua email: chuyện thanh toán không bao giờ chặn một tình huống khẩn cấp.",
          },
        ],
      },
    ],
    principles: {
      heading: "Quan điểm của chúng tôi về quyền riêng tư",
      intro:
        "Thẻ khẩn cấp sinh ra là để người lạ đọc. Vì vậy câu hỏi thật sự là thẻ hiển thị gì, ai quyết định, và thông tin phía sau được xử lý ra sao. Câu trả lời của chúng tôi:",
      items: [
        {
          title: "Bạn quyết định mỗi thẻ hiển thị gì",
          text: "Thông tin y tế và người liên hệ được bật hoặc tắt riêng cho từng thẻ. Mọi thứ trừ tên của bạn đều không bắt buộc.",
        },
        {
          title: "Thông tin nhạy cảm nằm sau lời cảnh báo",
          text: "Người giúp đỡ phải xác nhận rằng việc truy cập sẽ được ghi nhật ký trước khi thông tin y tế hiện ra, và mọi lần hiển thị đều được ghi lại.",
        },
        {
          title: "Mã hóa và tối giản",
          text: "Thông tin y tế và thông tin liên lạc được mã hóa khi lưu trữ bằng AES-256-GCM, với khóa được giữ bên ngoài cơ sở dữ liệu. Chúng tôi chỉ hỏi những gì giúp ích trong tình huống khẩn cấp.",
        },
        {
          title: "Không quảng cáo, không theo dõi, không bán dữ liệu",
          text: "Thông tin sức khỏe của bạn không bao giờ được dùng cho quảng cáo hay bị bán, và trang web không dùng cookie theo dõi của bên thứ ba.",
        },
        {
          title: "Thẳng thắn về giới hạn",
          text: "SafeTap không phải dịch vụ cấp cứu và không thể hứa rằng mọi mạng đều chuyển được mọi tin nhắn. Chúng tôi nói rõ điều đó, và luôn nhắc mọi người gọi số khẩn cấp tại địa phương trước tiên.",
        },
        {
          title: "Dữ liệu của bạn, bạn quyết định",
          text: "Bạn có thể xem, sửa và xóa những gì đã cung cấp bất cứ lúc nào. [Chính sách quyền riêng tư](/legal/privacy) giải thích chính xác chúng tôi lưu trữ, ghi nhật ký và chia sẻ những gì.",
        },
      ],
    },
  },
};
