import type { LegalDocument, Localized } from "#app/content/types.ts";

/**
 * What SafeTap can honestly say about HIPAA: how it protects health information, that it is
 * usually not a covered entity for individuals, and that organisations need a BAA first.
 */
export const hipaaNotice: Localized<LegalDocument> = {
  en: {
    seo: {
      title: "HIPAA and your health information",
      description:
        "How SafeTap protects health information with encryption, access logging and least data, when HIPAA applies to SafeTap, and how hospitals and clinics can ask about a Business Associate Agreement.",
    },
    title: "HIPAA and your health information",
    summary: [
      "SafeTap protects the health information you add with encryption at rest, a log of every access and by asking for as little as possible.",
      "When you use SafeTap for yourself or your family, SafeTap is typically not a HIPAA covered entity, so HIPAA does not apply to it. Our [Privacy Policy](/legal/privacy) does.",
      "Hospitals, clinics and other covered entities should contact our sales team about a Business Associate Agreement (BAA) before putting patient information into SafeTap.",
    ],
    sections: [
      {
        id: "what-hipaa-is",
        heading: "What HIPAA is",
        blocks: [
          {
            type: "p",
            text: "HIPAA, the Health Insurance Portability and Accountability Act, is a United States law. Its privacy and security rules apply to **covered entities** (health plans, healthcare clearinghouses and most healthcare providers) and to their **business associates**, the companies that handle protected health information on their behalf.",
          },
        ],
      },
      {
        id: "individuals",
        heading: "When you use SafeTap yourself",
        blocks: [
          {
            type: "p",
            text: "When you create an emergency profile for yourself or your family, you decide to share your own information; no healthcare provider is handing it to us. In that case SafeTap is typically neither a covered entity nor a business associate, and HIPAA does not govern how we handle it.",
          },
          {
            type: "p",
            text: "That does not lower our standards. We protect health information with the safeguards below, and the [Privacy Policy](/legal/privacy) sets out what we store, log and share and the rights you have.",
          },
        ],
      },
      {
        id: "how-we-protect",
        heading: "How we protect health information",
        blocks: [
          {
            type: "h3",
            text: "Encryption",
          },
          {
            type: "p",
            text: "Your date of birth, blood type, allergies, medications and medical notes, and your contacts' phone numbers and email addresses, are encrypted at rest with AES-256-GCM. Each value is bound to its own record, and the keys are kept outside the database. Connections to SafeTap use HTTPS.",
          },
          {
            type: "h3",
            text: "Access logging",
          },
          {
            type: "p",
            text: "On a public emergency card, medical information stays hidden until the visitor confirms that they understand their access is logged. Every reveal is recorded with the tag and the time, and so is every view of the card. Passwords, verification codes and medical values never appear in our logs.",
          },
          {
            type: "h3",
            text: "Least data",
          },
          {
            type: "list",
            items: [
              "Every medical field is optional. Add only what a stranger or a paramedic needs in the first minutes.",
              "Choose for each tag whether its card shows medical information, and whether it shows contacts (at most 3).",
              "We do not use health information for advertising, and we do not sell it.",
            ],
          },
        ],
      },
      {
        id: "organisations",
        heading: "Hospitals, clinics and other organisations",
        blocks: [
          {
            type: "p",
            text: "If you are a covered entity or a business associate and want to use SafeTap with patients' protected health information, for example wristbands for patient handover, HIPAA requires a **Business Associate Agreement** between us before any such information is put into SafeTap.",
          },
          {
            type: "p",
            text: "Please [contact our sales team](/contact) or write to [{{salesEmail}}](mailto:{{salesEmail}}) to discuss a BAA, the safeguards it covers and your setup. Until a BAA is signed, do not enter patient information into SafeTap.",
          },
        ],
      },
      {
        id: "about-hipaa-claims",
        heading: "About “HIPAA compliance”",
        blocks: [
          {
            type: "p",
            text: "No government body certifies products as “HIPAA compliant”. When we mention HIPAA, we mean that SafeTap is built with HIPAA's administrative, physical and technical safeguards in mind, and that we will sign a BAA with organisations that need one. Whether a particular use is compliant also depends on how the organisation uses SafeTap.",
          },
        ],
      },
    ],
  },
  es: {
    seo: {
      title: "HIPAA y tu información de salud",
      description:
        "Cómo protege SafeTap la información de salud con cifrado, registro de accesos y datos mínimos, cuándo se aplica HIPAA a SafeTap y cómo pueden los hospitales y clínicas pedir un Acuerdo de Socio Comercial (BAA).",
    },
    title: "HIPAA y tu información de salud",
    summary: [
      "SafeTap protege la información de salud que añades con cifrado en reposo, con un registro de cada acceso y pidiendo lo mínimo posible.",
      "Cuando usas SafeTap para ti o para tu familia, SafeTap no suele ser una entidad cubierta por HIPAA, así que HIPAA no se le aplica. Se aplica nuestra [Política de privacidad](/legal/privacy).",
      "Los hospitales, las clínicas y otras entidades cubiertas deben contactar con nuestro equipo de ventas para firmar un Acuerdo de Socio Comercial (BAA) antes de introducir información de pacientes en SafeTap.",
    ],
    sections: [
      {
        id: "what-hipaa-is",
        heading: "Qué es HIPAA",
        blocks: [
          {
            type: "p",
            text: "HIPAA (Health Insurance Portability and Accountability Act) es una ley de Estados Unidos. Sus normas de privacidad y seguridad se aplican a las **entidades cubiertas** (aseguradoras de salud, centros de intercambio de información sanitaria y la mayoría de los proveedores de atención médica) y a sus **socios comerciales**, las empresas que tratan información de salud protegida por cuenta de ellas.",
          },
        ],
      },
      {
        id: "individuals",
        heading: "Cuando usas SafeTap por tu cuenta",
        blocks: [
          {
            type: "p",
            text: "Cuando creas un perfil de emergencia para ti o para tu familia, eres tú quien decide compartir tu propia información; ningún proveedor de salud nos la entrega. En ese caso SafeTap no suele ser ni entidad cubierta ni socio comercial, y HIPAA no rige cómo la tratamos.",
          },
          {
            type: "p",
            text: "Eso no rebaja nuestro nivel de exigencia. Protegemos la información de salud con las medidas que se describen abajo, y la [Política de privacidad](/legal/privacy) explica qué guardamos, registramos y compartimos, y qué derechos tienes.",
          },
        ],
      },
      {
        id: "how-we-protect",
        heading: "Cómo protegemos la información de salud",
        blocks: [
          {
            type: "h3",
            text: "Cifrado",
          },
          {
            type: "p",
            text: "Tu fecha de nacimiento, tu grupo sanguíneo, tus alergias, tus medicamentos y tus notas médicas, así como los teléfonos y correos de tus contactos, se guardan cifrados con AES-256-GCM. Cada dato va ligado a su propio registro y las claves se guardan fuera de la base de datos. Las conexiones con SafeTap usan HTTPS.",
          },
          {
            type: "h3",
            text: "Registro de accesos",
          },
          {
            type: "p",
            text: "En una tarjeta de emergencia pública, la información médica permanece oculta hasta que la persona confirma que entiende que su acceso queda registrado. Cada acceso se guarda con la etiqueta y la hora, igual que cada visita a la tarjeta. Las contraseñas, los códigos de verificación y los datos médicos nunca aparecen en nuestros registros.",
          },
          {
            type: "h3",
            text: "Datos mínimos",
          },
          {
            type: "list",
            items: [
              "Todos los campos médicos son opcionales. Añade solo lo que un desconocido o un técnico de emergencias necesita en los primeros minutos.",
              "Elige para cada etiqueta si su tarjeta muestra la información médica y si muestra los contactos (como máximo 3).",
              "No usamos la información de salud para publicidad y no la vendemos.",
            ],
          },
        ],
      },
      {
        id: "organisations",
        heading: "Hospitales, clínicas y otras organizaciones",
        blocks: [
          {
            type: "p",
            text: "Si eres una entidad cubierta o un socio comercial y quieres usar SafeTap con información de salud protegida de pacientes, por ejemplo pulseras para el traspaso de pacientes, HIPAA exige un **Acuerdo de Socio Comercial (BAA)** entre nosotros antes de introducir esa información en SafeTap.",
          },
          {
            type: "p",
            text: "[Contacta con nuestro equipo de ventas](/contact) o escribe a [{{salesEmail}}](mailto:{{salesEmail}}) para hablar del BAA, de las medidas que cubre y de tu configuración. Hasta que se firme un BAA, no introduzcas información de pacientes en SafeTap.",
          },
        ],
      },
      {
        id: "about-hipaa-claims",
        heading: "Sobre el «cumplimiento de HIPAA»",
        blocks: [
          {
            type: "p",
            text: "Ningún organismo público certifica productos como «conformes con HIPAA». Cuando mencionamos HIPAA, queremos decir que SafeTap está diseñado teniendo en cuenta las salvaguardas administrativas, físicas y técnicas de HIPAA, y que firmaremos un BAA con las organizaciones que lo necesiten. Que un uso concreto cumpla la norma también depende de cómo lo use cada organización.",
          },
        ],
      },
    ],
  },
  fr: {
    seo: {
      title: "HIPAA et vos informations de santé",
      description:
        "Comment SafeTap protège les informations de santé par le chiffrement, la journalisation des accès et la minimisation des données, quand la loi HIPAA s'applique à SafeTap et comment les hôpitaux et cliniques peuvent demander un Business Associate Agreement.",
    },
    title: "HIPAA et vos informations de santé",
    summary: [
      "SafeTap protège les informations de santé que vous ajoutez grâce au chiffrement au repos, à la journalisation de chaque accès et en demandant le moins de données possible.",
      "Lorsque vous utilisez SafeTap pour vous ou votre famille, SafeTap n'est généralement pas une « entité couverte » au sens de HIPAA : cette loi ne s'applique donc pas. C'est notre [Politique de confidentialité](/legal/privacy) qui s'applique.",
      "Les hôpitaux, cliniques et autres entités couvertes doivent contacter notre équipe commerciale au sujet d'un Business Associate Agreement (BAA) avant de saisir des informations de patients dans SafeTap.",
    ],
    sections: [
      {
        id: "what-hipaa-is",
        heading: "Qu'est-ce que HIPAA ?",
        blocks: [
          {
            type: "p",
            text: "HIPAA (Health Insurance Portability and Accountability Act) est une loi américaine. Ses règles de confidentialité et de sécurité s'appliquent aux **entités couvertes** (assureurs santé, organismes d'échange de données de santé et la plupart des prestataires de soins) et à leurs **partenaires commerciaux** (business associates), c'est-à-dire les entreprises qui traitent des informations de santé protégées pour leur compte.",
          },
        ],
      },
      {
        id: "individuals",
        heading: "Quand vous utilisez SafeTap vous-même",
        blocks: [
          {
            type: "p",
            text: "Lorsque vous créez un profil d'urgence pour vous ou votre famille, c'est vous qui décidez de partager vos propres informations ; aucun prestataire de soins ne nous les transmet. Dans ce cas, SafeTap n'est généralement ni une entité couverte ni un partenaire commercial, et HIPAA ne régit pas la façon dont nous les traitons.",
          },
          {
            type: "p",
            text: "Cela n'abaisse pas notre niveau d'exigence. Nous protégeons les informations de santé par les mesures décrites ci-dessous, et la [Politique de confidentialité](/legal/privacy) précise ce que nous conservons, journalisons et partageons, ainsi que vos droits.",
          },
        ],
      },
      {
        id: "how-we-protect",
        heading: "Comment nous protégeons les informations de santé",
        blocks: [
          {
            type: "h3",
            text: "Chiffrement",
          },
          {
            type: "p",
            text: "Votre date de naissance, votre groupe sanguin, vos allergies, vos médicaments et vos notes médicales, ainsi que les numéros et adresses e-mail de vos contacts, sont chiffrés au repos avec AES-256-GCM. Chaque valeur est liée à son propre enregistrement et les clés sont conservées hors de la base de données. Les connexions à SafeTap passent par HTTPS.",
          },
          {
            type: "h3",
            text: "Journalisation des accès",
          },
          {
            type: "p",
            text: "Sur une carte d'urgence publique, les informations médicales restent masquées jusqu'à ce que le visiteur confirme avoir compris que son accès est journalisé. Chaque affichage est enregistré avec l'étiquette et l'heure, tout comme chaque consultation de la carte. Les mots de passe, les codes de vérification et les données médicales n'apparaissent jamais dans nos journaux.",
          },
          {
            type: "h3",
            text: "Minimisation des données",
          },
          {
            type: "list",
            items: [
              "Tous les champs médicaux sont facultatifs. N'ajoutez que ce dont un inconnu ou un secouriste a besoin dans les premières minutes.",
              "Choisissez pour chaque étiquette si sa carte affiche les informations médicales et si elle affiche les contacts (3 au maximum).",
              "Nous n'utilisons pas les informations de santé à des fins publicitaires et nous ne les vendons pas.",
            ],
          },
        ],
      },
      {
        id: "organisations",
        heading: "Hôpitaux, cliniques et autres organisations",
        blocks: [
          {
            type: "p",
            text: "Si vous êtes une entité couverte ou un partenaire commercial et souhaitez utiliser SafeTap avec des informations de santé protégées de patients, par exemple des bracelets pour les transmissions entre équipes, HIPAA exige qu'un **Business Associate Agreement (BAA)** soit signé entre nous avant que ces informations soient saisies dans SafeTap.",
          },
          {
            type: "p",
            text: "[Contactez notre équipe commerciale](/contact) ou écrivez à [{{salesEmail}}](mailto:{{salesEmail}}) pour discuter du BAA, des garanties qu'il couvre et de votre configuration. Tant qu'aucun BAA n'est signé, ne saisissez pas d'informations de patients dans SafeTap.",
          },
        ],
      },
      {
        id: "about-hipaa-claims",
        heading: "À propos de la « conformité HIPAA »",
        blocks: [
          {
            type: "p",
            text: "Aucun organisme public ne certifie des produits « conformes à HIPAA ». Quand nous parlons de HIPAA, nous voulons dire que SafeTap est conçu en tenant compte des garanties administratives, physiques et techniques prévues par HIPAA, et que nous signerons un BAA avec les organisations qui en ont besoin. La conformité d'un usage donné dépend aussi de la manière dont l'organisation utilise SafeTap.",
          },
        ],
      },
    ],
  },
  vi: {
    seo: {
      title: "HIPAA và thông tin sức khỏe của bạn",
      description:
        "Cách SafeTap bảo vệ thông tin sức khỏe bằng mã hóa, ghi nhật ký truy cập và thu thập tối thiểu, khi nào HIPAA áp dụng cho SafeTap, và cách bệnh viện, phòng khám yêu cầu Thỏa thuận Đối tác Kinh doanh (BAA).",
    },
    title: "HIPAA và thông tin sức khỏe của bạn",
    summary: [
      "SafeTap bảo vệ thông tin sức khỏe bạn thêm vào bằng cách mã hóa khi lưu trữ, ghi nhật ký mọi lượt truy cập và chỉ yêu cầu ít dữ liệu nhất có thể.",
      "Khi bạn dùng SafeTap cho bản thân hoặc gia đình, SafeTap thường không phải là “đơn vị chịu điều chỉnh” theo HIPAA, nên HIPAA không áp dụng. Thay vào đó, [Chính sách quyền riêng tư](/legal/privacy) của chúng tôi được áp dụng.",
      "Bệnh viện, phòng khám và các đơn vị chịu điều chỉnh khác nên liên hệ bộ phận kinh doanh về Thỏa thuận Đối tác Kinh doanh (BAA) trước khi đưa thông tin bệnh nhân vào SafeTap.",
    ],
    sections: [
      {
        id: "what-hipaa-is",
        heading: "HIPAA là gì",
        blocks: [
          {
            type: "p",
            text: "HIPAA (Health Insurance Portability and Accountability Act) là một đạo luật của Hoa Kỳ. Các quy tắc về quyền riêng tư và bảo mật của luật này áp dụng cho **đơn vị chịu điều chỉnh** (công ty bảo hiểm y tế, đơn vị trung gian xử lý dữ liệu y tế và hầu hết cơ sở chăm sóc sức khỏe) và **đối tác kinh doanh** của họ, tức là các công ty thay mặt họ xử lý thông tin sức khỏe được bảo vệ.",
          },
        ],
      },
      {
        id: "individuals",
        heading: "Khi bạn tự sử dụng SafeTap",
        blocks: [
          {
            type: "p",
            text: "Khi bạn tạo hồ sơ khẩn cấp cho bản thân hoặc gia đình, chính bạn quyết định chia sẻ thông tin của mình; không có cơ sở y tế nào chuyển thông tin đó cho chúng tôi. Trong trường hợp này, SafeTap thường không phải là đơn vị chịu điều chỉnh hay đối tác kinh doanh, và HIPAA không điều chỉnh cách chúng tôi xử lý thông tin đó.",
          },
          {
            type: "p",
            text: "Điều đó không làm giảm tiêu chuẩn của chúng tôi. Chúng tôi bảo vệ thông tin sức khỏe bằng các biện pháp dưới đây, và [Chính sách quyền riêng tư](/legal/privacy) nêu rõ chúng tôi lưu trữ, ghi nhật ký, chia sẻ những gì và bạn có những quyền nào.",
          },
        ],
      },
      {
        id: "how-we-protect",
        heading: "Cách chúng tôi bảo vệ thông tin sức khỏe",
        blocks: [
          {
            type: "h3",
            text: "Mã hóa",
          },
          {
            type: "p",
            text: "Ngày sinh, nhóm máu, dị ứng, thuốc và ghi chú y tế của bạn, cùng số điện thoại và email của người liên hệ, được mã hóa khi lưu trữ bằng AES-256-GCM. Mỗi giá trị gắn với bản ghi riêng của nó, và khóa được giữ bên ngoài cơ sở dữ liệu. Kết nối tới SafeTap dùng HTTPS.",
          },
          {
            type: "h3",
            text: "Ghi nhật ký truy cập",
          },
          {
            type: "p",
            text: "Trên thẻ khẩn cấp công khai, thông tin y tế được ẩn cho đến khi người xem xác nhận rằng họ hiểu việc truy cập sẽ được ghi nhật ký. Mỗi lần hiển thị đều được ghi lại cùng thẻ và thời gian, và mỗi lượt xem thẻ cũng vậy. Mật khẩu, mã xác minh và nội dung y tế không bao giờ xuất hiện trong nhật ký của chúng tôi.",
          },
          {
            type: "h3",
            text: "Dữ liệu tối thiểu",
          },
          {
            type: "list",
            items: [
              "Mọi trường y tế đều không bắt buộc. Chỉ thêm những gì người lạ hoặc nhân viên cấp cứu cần trong những phút đầu tiên.",
              "Chọn cho từng thẻ có hiển thị thông tin y tế hay không, và có hiển thị người liên hệ (tối đa 3 người) hay không.",
              "Chúng tôi không dùng thông tin sức khỏe cho quảng cáo và không bán thông tin đó.",
            ],
          },
        ],
      },
      {
        id: "organisations",
        heading: "Bệnh viện, phòng khám và các tổ chức khác",
        blocks: [
          {
            type: "p",
            text: "Nếu bạn là đơn vị chịu điều chỉnh hoặc đối tác kinh doanh và muốn dùng SafeTap với thông tin sức khỏe được bảo vệ của bệnh nhân, chẳng hạn vòng đeo tay khi bàn giao bệnh nhân, HIPAA yêu cầu hai bên ký **Thỏa thuận Đối tác Kinh doanh (BAA)** trước khi đưa bất kỳ thông tin nào như vậy vào SafeTap.",
          },
          {
            type: "p",
            text: "Hãy [liên hệ bộ phận kinh doanh](/contact) hoặc viết cho [{{salesEmail}}](mailto:{{salesEmail}}) để trao đổi về BAA, các biện pháp bảo vệ trong thỏa thuận và cách triển khai của bạn. Khi chưa ký BAA, đừng nhập thông tin bệnh nhân vào SafeTap.",
          },
        ],
      },
      {
        id: "about-hipaa-claims",
        heading: "Về “tuân thủ HIPAA”",
        blocks: [
          {
            type: "p",
            text: "Không có cơ quan nhà nước nào chứng nhận sản phẩm là “tuân thủ HIPAA”. Khi nhắc đến HIPAA, ý chúng tôi là SafeTap được xây dựng theo các biện pháp bảo vệ hành chính, vật lý và kỹ thuật của HIPAA, và chúng tôi sẽ ký BAA với những tổ chức cần. Một cách sử dụng cụ thể có tuân thủ hay không còn phụ thuộc vào cách tổ chức đó sử dụng SafeTap.",
          },
        ],
      },
    ],
  },
};
