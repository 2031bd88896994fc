import type { LegalDocument, Localized } from "#app/content/types.ts";

/**
 * The privacy policy. It must describe what the code does: DESIGN.md, server/db/schema.ts,
 * server/crypto.ts and server/auth/auth.ts. Change it with them.
 */
export const privacyPolicy: Localized<LegalDocument> = {
  en: {
    seo: {
      title: "Privacy Policy",
      description:
        "What SafeTap stores, what your emergency card shows, what we log and share, how your medical details are encrypted, and how to see, correct or delete your data.",
    },
    title: "Privacy Policy",
    summary: [
      "We keep what you give us so that your emergency card can help a stranger help you, and so your contacts can be alerted. We use it for nothing else.",
      "Your medical details, your date of birth and your contacts' phone numbers and email addresses are encrypted with **AES-256-GCM** before they are stored.",
      "Every view of your card and every reveal of your medical information is logged. Passwords, verification codes and medical values are never logged.",
      "We do not sell your data, show advertising or use third-party tracking cookies.",
    ],
    sections: [
      {
        id: "who-we-are",
        heading: "Who we are and what this covers",
        blocks: [
          {
            type: "p",
            text: "SafeTap provides emergency tags (wristbands, cards, keychains and stickers) and the website that shows an emergency card when a tag is scanned or tapped. This policy explains what personal information SafeTap handles when you visit the site, create an account, link a tag, or scan someone else's tag, and what choices you have.",
          },
          {
            type: "p",
            text: "SafeTap is responsible for this information. You can reach us at [{{supportEmail}}](mailto:{{supportEmail}}).",
          },
        ],
      },
      {
        id: "account",
        heading: "Your account",
        blocks: [
          { type: "p", text: "To create an account we need:" },
          {
            type: "list",
            items: [
              "**Your name**, which we use to greet you and which your emergency card shows.",
              "**Your email address or phone number**, to sign you in and to send you 6-digit verification codes.",
              "**A password.** Our authentication library stores it only as a one-way hash. Nobody at SafeTap can read it, and we never log it.",
            ],
          },
          {
            type: "p",
            text: "When you sign in we create a session. It records when it was created and when it expires, the IP address and the browser it was opened from, so that you stay signed in and so that misuse can be spotted. We also keep your interface language, your country and your plan.",
          },
        ],
      },
      {
        id: "emergency-profile",
        heading: "Your emergency profile",
        blocks: [
          {
            type: "p",
            text: "Everything in your emergency profile is optional except your name. You decide what to add:",
          },
          {
            type: "list",
            items: [
              "date of birth and blood type;",
              "allergies, medications and medical notes;",
              "emergency contacts: each one's name, how to reach them (SMS, email or WhatsApp), their phone number or email address, and their order on your card.",
            ],
          },
          {
            type: "p",
            text: "Your date of birth, blood type, allergies, medications and medical notes, and the phone number or email address of each contact, are **encrypted at rest with AES-256-GCM**. Each value is bound to its own record, so it cannot be copied into another account and decrypted there. The encryption keys are kept outside the database: a copy of the database alone does not reveal these details.",
          },
          {
            type: "p",
            text: "Your name and your contacts' names are not encrypted, because they are shown on your card and in alert messages. For each tag we keep its ID, its status, when it was linked and last scanned, and whether its card shows your medical information and your contacts. The activation token printed on a tag's insert is stored only as a keyed hash.",
          },
          {
            type: "note",
            text: "Only add what would help a stranger help you. You can change or remove any detail at any time.",
          },
        ],
      },
      {
        id: "public-card",
        heading: "What your emergency card shows",
        blocks: [
          {
            type: "p",
            text: "Anyone who scans or taps one of your active tags sees your emergency card, without signing in. It shows:",
          },
          {
            type: "list",
            items: [
              "your name;",
              "your medical information, **only if** you turned it on for that tag **and** the visitor confirms that they understand their access is logged;",
              "**at most 3** of your emergency contacts, as call and text buttons, only if you turned contacts on for that tag;",
              "the local emergency number for the visitor's country, and a Send Emergency Alert button.",
            ],
          },
          {
            type: "p",
            text: "A tag you mark as lost, or unlink, shows only a message that the tag has been deactivated. Because anyone who holds your tag can see what its card shows, choose for each tag what it should show.",
          },
        ],
      },
      {
        id: "logs",
        heading: "What we log",
        blocks: [
          {
            type: "list",
            items: [
              "**Card views.** Each time your card is opened by a scan or a tap, we record which tag and when. Visits by known bots are not counted.",
              "**Medical reveals.** Each time a visitor reveals your medical information, we record which tag and when.",
              "**Security events.** Sign-ups, sign-ins and failed sign-ins, verification codes sent and verified, tag claims, tags marked lost and alerts sent. Each event records what happened, when, the account concerned and the client IP address.",
              "**IP addresses.** We use the client IP address of each request to limit repeated attempts (rate limiting), in security events, and in our server's request log (time, page requested and result).",
            ],
          },
          {
            type: "note",
            text: "We never log passwords, verification codes, activation tokens or the values of your medical information.",
          },
        ],
      },
      {
        id: "sharing",
        heading: "What we share, and with whom",
        blocks: [
          {
            type: "p",
            text: "When someone presses Send Emergency Alert on your card, or when you send an SOS or a test alert, we send a message to your emergency contacts. To deliver it we give the contact's email address or phone number, and the message, to our delivery providers: an email provider (SMTP) for email, and Twilio for SMS, WhatsApp and voice calls.",
          },
          {
            type: "p",
            text: "The message says who needs help and what happened. It includes a map link to the location of the person who scanned your tag **only if that person allowed their browser to share it**. Test alerts are clearly marked TEST.",
          },
          {
            type: "p",
            text: "Companies that host our service process data only on our instructions. We disclose information to authorities only when the law requires it. We do not sell personal information and we do not share it with advertisers.",
          },
        ],
      },
      {
        id: "cookies",
        heading: "Cookies and storage on your device",
        blocks: [
          {
            type: "p",
            text: "We use a session cookie to keep you signed in, a cookie and local storage to remember your language, local storage to remember your light or dark theme, and, on your device only, a copy of emergency cards you have viewed so that they open without a network. There are no advertising or third-party tracking cookies. The [Cookie Policy](/legal/cookies) lists each one.",
          },
        ],
      },
      {
        id: "retention",
        heading: "How long we keep it, and deletion",
        blocks: [
          {
            type: "list",
            items: [
              "Your account, profile, contacts and tags: for as long as your account exists.",
              "Card views, medical reveals and security events: 12 months, then deleted.",
              "Server request logs: 30 days.",
              "Sessions: until you sign out or for 30 days after they were last used.",
            ],
          },
          {
            type: "p",
            text: "To delete your account, write to [{{supportEmail}}](mailto:{{supportEmail}}) from the email address on your account, or tell us its phone number so that we can verify it with a code. We then delete your profile, medical information, contacts and sessions, unlink your tags so that their cards no longer show anything about you, and remove the remaining records tied to your account within 30 days.",
          },
        ],
      },
      {
        id: "rights",
        heading: "Your rights",
        blocks: [
          {
            type: "list",
            items: [
              "**Access.** Your dashboard shows your profile, contacts and tags. You can also ask us for a copy of everything we hold about you.",
              "**Correction.** Edit your profile and contacts at any time from your dashboard, or ask us to correct anything else.",
              "**Deletion.** Remove any detail yourself, or ask us to delete your account as described above.",
              "**Objection and complaint.** You can object to how we use your information and complain to your data protection authority.",
            ],
          },
          {
            type: "p",
            text: "Requests are free. We answer within 30 days and may ask you to confirm that the account is yours.",
          },
        ],
      },
      {
        id: "children",
        heading: "Children",
        blocks: [
          {
            type: "p",
            text: "Children under 16 may not open their own account. A parent or guardian can create a profile for a child, link a tag to it and decide what its card shows; the account stays the parent's. Schools and other organisations that give tags to pupils must have the consent their law requires, and should show only what staff and responders need.",
          },
        ],
      },
      {
        id: "security",
        heading: "How we protect it",
        blocks: [
          {
            type: "list",
            items: [
              "Connections to SafeTap are encrypted (HTTPS).",
              "Medical fields and contact details are encrypted at rest, with keys kept outside the database.",
              "Activation tokens are stored only as keyed hashes; session cookies cannot be read by scripts.",
              "Repeated sign-in, code and activation attempts are limited.",
            ],
          },
          {
            type: "p",
            text: "No system is perfectly secure. If a breach affects your information, we will tell you without undue delay.",
          },
        ],
      },
      {
        id: "changes",
        heading: "Changes to this policy",
        blocks: [
          {
            type: "p",
            text: "The date at the top shows when this policy last changed. If a change affects how we use your information, we will tell you by email or text message before it takes effect.",
          },
        ],
      },
    ],
  },
  es: {
    seo: {
      title: "Política de privacidad",
      description:
        "Qué guarda SafeTap, qué muestra tu tarjeta de emergencia, qué registramos y compartimos, cómo se cifran tus datos médicos y cómo ver, corregir o borrar tus datos.",
    },
    title: "Política de privacidad",
    summary: [
      "Guardamos lo que nos das para que tu tarjeta de emergencia ayude a un desconocido a ayudarte y para que tus contactos reciban una alerta. No lo usamos para nada más.",
      "Tus datos médicos, tu fecha de nacimiento y los teléfonos y correos de tus contactos se cifran con **AES-256-GCM** antes de guardarse.",
      "Registramos cada visita a tu tarjeta y cada vez que alguien muestra tu información médica. Nunca registramos contraseñas, códigos de verificación ni datos médicos.",
      "No vendemos tus datos, no mostramos publicidad y no usamos cookies de seguimiento de terceros.",
    ],
    sections: [
      {
        id: "who-we-are",
        heading: "Quiénes somos y qué abarca esta política",
        blocks: [
          {
            type: "p",
            text: "SafeTap ofrece etiquetas de emergencia (pulseras, tarjetas, llaveros y pegatinas) y el sitio web que muestra una tarjeta de emergencia cuando alguien escanea o toca una etiqueta. Esta política explica qué información personal trata SafeTap cuando visitas el sitio, creas una cuenta, vinculas una etiqueta o escaneas la etiqueta de otra persona, y qué opciones tienes.",
          },
          {
            type: "p",
            text: "SafeTap es responsable de esta información. Puedes escribirnos a [{{supportEmail}}](mailto:{{supportEmail}}).",
          },
        ],
      },
      {
        id: "account",
        heading: "Tu cuenta",
        blocks: [
          { type: "p", text: "Para crear una cuenta necesitamos:" },
          {
            type: "list",
            items: [
              "**Tu nombre**, para saludarte; también aparece en tu tarjeta de emergencia.",
              "**Tu correo electrónico o tu número de teléfono**, para iniciar sesión y enviarte códigos de verificación de 6 dígitos.",
              "**Una contraseña.** Nuestra biblioteca de autenticación solo guarda un hash irreversible. Nadie en SafeTap puede leerla y nunca la registramos.",
            ],
          },
          {
            type: "p",
            text: "Al iniciar sesión creamos una sesión. Guarda cuándo se creó y cuándo caduca, y la dirección IP y el navegador desde los que se abrió, para que sigas conectado y para poder detectar abusos. También guardamos tu idioma, tu país y tu plan.",
          },
        ],
      },
      {
        id: "emergency-profile",
        heading: "Tu perfil de emergencia",
        blocks: [
          {
            type: "p",
            text: "Todo en tu perfil de emergencia es opcional, salvo tu nombre. Tú decides qué añadir:",
          },
          {
            type: "list",
            items: [
              "fecha de nacimiento y grupo sanguíneo;",
              "alergias, medicamentos y notas médicas;",
              "contactos de emergencia: el nombre de cada uno, cómo localizarlo (SMS, correo o WhatsApp), su teléfono o correo y su orden en tu tarjeta.",
            ],
          },
          {
            type: "p",
            text: "Tu fecha de nacimiento, tu grupo sanguíneo, tus alergias, tus medicamentos y tus notas médicas, así como el teléfono o correo de cada contacto, se guardan **cifrados con AES-256-GCM**. Cada dato va ligado a su propio registro, de modo que no se puede copiar a otra cuenta y descifrar allí. Las claves de cifrado se guardan fuera de la base de datos: una copia de la base de datos por sí sola no revela estos datos.",
          },
          {
            type: "p",
            text: "Tu nombre y los nombres de tus contactos no se cifran, porque aparecen en tu tarjeta y en los mensajes de alerta. De cada etiqueta guardamos su ID, su estado, cuándo se vinculó y cuándo se escaneó por última vez, y si su tarjeta muestra tu información médica y tus contactos. El token de activación impreso en la tarjeta incluida solo se guarda como hash con clave.",
          },
          {
            type: "note",
            text: "Añade solo lo que ayudaría a un desconocido a ayudarte. Puedes cambiar o borrar cualquier dato cuando quieras.",
          },
        ],
      },
      {
        id: "public-card",
        heading: "Qué muestra tu tarjeta de emergencia",
        blocks: [
          {
            type: "p",
            text: "Cualquiera que escanee o toque una de tus etiquetas activas ve tu tarjeta de emergencia, sin iniciar sesión. Muestra:",
          },
          {
            type: "list",
            items: [
              "tu nombre;",
              "tu información médica, **solo si** la activaste para esa etiqueta **y** la persona confirma que entiende que su acceso queda registrado;",
              "**como máximo 3** de tus contactos de emergencia, con botones para llamar y enviar mensajes, solo si activaste los contactos para esa etiqueta;",
              "el número de emergencias local del país del visitante y un botón Enviar alerta de emergencia.",
            ],
          },
          {
            type: "p",
            text: "Una etiqueta que marques como perdida o desvincules solo muestra un aviso de que está desactivada. Como cualquiera que tenga tu etiqueta puede ver lo que muestra su tarjeta, elige para cada etiqueta qué debe mostrar.",
          },
        ],
      },
      {
        id: "logs",
        heading: "Qué registramos",
        blocks: [
          {
            type: "list",
            items: [
              "**Visitas a la tarjeta.** Cada vez que alguien abre tu tarjeta escaneando o tocando la etiqueta, registramos qué etiqueta y cuándo. No contamos las visitas de bots conocidos.",
              "**Accesos a la información médica.** Cada vez que alguien muestra tu información médica, registramos qué etiqueta y cuándo.",
              "**Eventos de seguridad.** Registros, inicios de sesión e intentos fallidos, códigos de verificación enviados y verificados, etiquetas reclamadas, etiquetas marcadas como perdidas y alertas enviadas. Cada evento guarda qué ocurrió, cuándo, la cuenta afectada y la dirección IP del cliente.",
              "**Direcciones IP.** Usamos la dirección IP de cada petición para limitar los intentos repetidos, en los eventos de seguridad y en el registro de peticiones del servidor (hora, página solicitada y resultado).",
            ],
          },
          {
            type: "note",
            text: "Nunca registramos contraseñas, códigos de verificación, tokens de activación ni el contenido de tu información médica.",
          },
        ],
      },
      {
        id: "sharing",
        heading: "Qué compartimos y con quién",
        blocks: [
          {
            type: "p",
            text: "Cuando alguien pulsa Enviar alerta de emergencia en tu tarjeta, o cuando tú envías un SOS o una alerta de prueba, enviamos un mensaje a tus contactos de emergencia. Para entregarlo, pasamos el correo o el teléfono del contacto, y el mensaje, a nuestros proveedores de envío: un proveedor de correo (SMTP) para el correo electrónico y Twilio para SMS, WhatsApp y llamadas de voz.",
          },
          {
            type: "p",
            text: "El mensaje dice quién necesita ayuda y qué ha pasado. Incluye un enlace al mapa con la ubicación de quien escaneó tu etiqueta **solo si esa persona permitió que su navegador la compartiera**. Las alertas de prueba van marcadas claramente como TEST.",
          },
          {
            type: "p",
            text: "Las empresas que alojan nuestro servicio solo tratan los datos siguiendo nuestras instrucciones. Solo entregamos información a las autoridades cuando la ley lo exige. No vendemos información personal ni la compartimos con anunciantes.",
          },
        ],
      },
      {
        id: "cookies",
        heading: "Cookies y almacenamiento en tu dispositivo",
        blocks: [
          {
            type: "p",
            text: "Usamos una cookie de sesión para mantenerte conectado, una cookie y el almacenamiento local para recordar tu idioma, el almacenamiento local para recordar el tema claro u oscuro y, solo en tu dispositivo, una copia de las tarjetas de emergencia que has visto para que se abran sin conexión. No hay cookies publicitarias ni de seguimiento de terceros. La [Política de cookies](/legal/cookies) las detalla una a una.",
          },
        ],
      },
      {
        id: "retention",
        heading: "Cuánto tiempo lo guardamos y cómo borrarlo",
        blocks: [
          {
            type: "list",
            items: [
              "Tu cuenta, tu perfil, tus contactos y tus etiquetas: mientras exista tu cuenta.",
              "Visitas a la tarjeta, accesos a la información médica y eventos de seguridad: 12 meses; después se borran.",
              "Registros de peticiones del servidor: 30 días.",
              "Sesiones: hasta que cierres sesión o 30 días después de su último uso.",
            ],
          },
          {
            type: "p",
            text: "Para borrar tu cuenta, escribe a [{{supportEmail}}](mailto:{{supportEmail}}) desde el correo de tu cuenta, o indícanos su número de teléfono para que lo verifiquemos con un código. Entonces borramos tu perfil, tu información médica, tus contactos y tus sesiones, desvinculamos tus etiquetas para que sus tarjetas dejen de mostrar nada sobre ti y eliminamos el resto de registros ligados a tu cuenta en un plazo de 30 días.",
          },
        ],
      },
      {
        id: "rights",
        heading: "Tus derechos",
        blocks: [
          {
            type: "list",
            items: [
              "**Acceso.** Tu panel muestra tu perfil, tus contactos y tus etiquetas. También puedes pedirnos una copia de todo lo que tenemos sobre ti.",
              "**Rectificación.** Edita tu perfil y tus contactos cuando quieras desde tu panel, o pídenos que corrijamos cualquier otro dato.",
              "**Supresión.** Borra tú mismo cualquier dato o pídenos que eliminemos tu cuenta como se explica arriba.",
              "**Oposición y reclamación.** Puedes oponerte a cómo usamos tu información y reclamar ante tu autoridad de protección de datos.",
            ],
          },
          {
            type: "p",
            text: "Las solicitudes son gratuitas. Respondemos en un plazo de 30 días y podemos pedirte que confirmes que la cuenta es tuya.",
          },
        ],
      },
      {
        id: "children",
        heading: "Menores",
        blocks: [
          {
            type: "p",
            text: "Los menores de 16 años no pueden abrir su propia cuenta. Un padre, una madre o un tutor puede crear un perfil para un menor, vincularle una etiqueta y decidir qué muestra su tarjeta; la cuenta sigue siendo del adulto. Las escuelas y otras organizaciones que entreguen etiquetas a sus alumnos deben contar con el consentimiento que exija su ley y mostrar solo lo que el personal y los servicios de emergencia necesitan.",
          },
        ],
      },
      {
        id: "security",
        heading: "Cómo la protegemos",
        blocks: [
          {
            type: "list",
            items: [
              "Las conexiones con SafeTap van cifradas (HTTPS).",
              "Los datos médicos y de contacto se guardan cifrados, con las claves fuera de la base de datos.",
              "Los tokens de activación solo se guardan como hash con clave; los scripts no pueden leer las cookies de sesión.",
              "Limitamos los intentos repetidos de inicio de sesión, de código y de activación.",
            ],
          },
          {
            type: "p",
            text: "Ningún sistema es perfectamente seguro. Si una brecha afecta a tu información, te avisaremos sin demora indebida.",
          },
        ],
      },
      {
        id: "changes",
        heading: "Cambios en esta política",
        blocks: [
          {
            type: "p",
            text: "La fecha de arriba indica cuándo cambió esta política por última vez. Si un cambio afecta a cómo usamos tu información, te avisaremos por correo o por SMS antes de que entre en vigor.",
          },
        ],
      },
    ],
  },
  fr: {
    seo: {
      title: "Politique de confidentialité",
      description:
        "Ce que SafeTap conserve, ce que montre votre carte d'urgence, ce que nous journalisons et partageons, comment vos données médicales sont chiffrées et comment les consulter, les corriger ou les supprimer.",
    },
    title: "Politique de confidentialité",
    summary: [
      "Nous conservons ce que vous nous confiez pour que votre carte d'urgence aide un inconnu à vous aider et pour que vos contacts soient prévenus. Nous ne nous en servons pour rien d'autre.",
      "Vos données médicales, votre date de naissance et les numéros de téléphone et adresses e-mail de vos contacts sont chiffrés avec **AES-256-GCM** avant d'être enregistrés.",
      "Chaque consultation de votre carte et chaque affichage de vos informations médicales sont journalisés. Les mots de passe, les codes de vérification et les données médicales ne le sont jamais.",
      "Nous ne vendons pas vos données, n'affichons pas de publicité et n'utilisons aucun cookie de suivi tiers.",
    ],
    sections: [
      {
        id: "who-we-are",
        heading: "Qui nous sommes et ce que couvre cette politique",
        blocks: [
          {
            type: "p",
            text: "SafeTap fournit des étiquettes d'urgence (bracelets, cartes, porte-clés et autocollants) et le site web qui affiche une carte d'urgence lorsqu'une étiquette est scannée ou touchée. Cette politique explique quelles informations personnelles SafeTap traite lorsque vous visitez le site, créez un compte, associez une étiquette ou scannez l'étiquette de quelqu'un d'autre, et quels choix s'offrent à vous.",
          },
          {
            type: "p",
            text: "SafeTap est responsable de ces informations. Vous pouvez nous écrire à [{{supportEmail}}](mailto:{{supportEmail}}).",
          },
        ],
      },
      {
        id: "account",
        heading: "Votre compte",
        blocks: [
          { type: "p", text: "Pour créer un compte, nous avons besoin de :" },
          {
            type: "list",
            items: [
              "**Votre nom**, pour vous accueillir ; il figure aussi sur votre carte d'urgence.",
              "**Votre adresse e-mail ou votre numéro de téléphone**, pour vous connecter et vous envoyer des codes de vérification à 6 chiffres.",
              "**Un mot de passe.** Notre bibliothèque d'authentification n'en conserve qu'une empreinte irréversible (hachage). Personne chez SafeTap ne peut le lire, et nous ne le journalisons jamais.",
            ],
          },
          {
            type: "p",
            text: "Quand vous vous connectez, nous créons une session. Elle enregistre sa date de création et d'expiration, ainsi que l'adresse IP et le navigateur depuis lesquels elle a été ouverte, pour que vous restiez connecté et pour repérer les abus. Nous conservons aussi votre langue, votre pays et votre formule.",
          },
        ],
      },
      {
        id: "emergency-profile",
        heading: "Votre profil d'urgence",
        blocks: [
          {
            type: "p",
            text: "Tout est facultatif dans votre profil d'urgence, sauf votre nom. Vous choisissez ce que vous ajoutez :",
          },
          {
            type: "list",
            items: [
              "date de naissance et groupe sanguin ;",
              "allergies, médicaments et notes médicales ;",
              "contacts d'urgence : le nom de chacun, le moyen de le joindre (SMS, e-mail ou WhatsApp), son numéro ou son adresse e-mail, et leur ordre sur votre carte.",
            ],
          },
          {
            type: "p",
            text: "Votre date de naissance, votre groupe sanguin, vos allergies, vos médicaments et vos notes médicales, ainsi que le numéro ou l'adresse e-mail de chaque contact, sont **chiffrés au repos avec AES-256-GCM**. Chaque valeur est liée à son propre enregistrement : copiée dans un autre compte, elle ne peut pas y être déchiffrée. Les clés de chiffrement sont conservées en dehors de la base de données : une copie de la base seule ne révèle pas ces informations.",
          },
          {
            type: "p",
            text: "Votre nom et ceux de vos contacts ne sont pas chiffrés, car ils apparaissent sur votre carte et dans les messages d'alerte. Pour chaque étiquette, nous conservons son identifiant, son état, la date à laquelle elle a été associée et scannée pour la dernière fois, et si sa carte affiche vos informations médicales et vos contacts. Le jeton d'activation imprimé sur la notice n'est conservé que sous forme d'empreinte à clé.",
          },
          {
            type: "note",
            text: "N'ajoutez que ce qui aiderait un inconnu à vous venir en aide. Vous pouvez modifier ou supprimer chaque information à tout moment.",
          },
        ],
      },
      {
        id: "public-card",
        heading: "Ce que montre votre carte d'urgence",
        blocks: [
          {
            type: "p",
            text: "Toute personne qui scanne ou touche l'une de vos étiquettes actives voit votre carte d'urgence, sans se connecter. Elle affiche :",
          },
          {
            type: "list",
            items: [
              "votre nom ;",
              "vos informations médicales, **uniquement si** vous les avez activées pour cette étiquette **et** que la personne confirme avoir compris que son accès est journalisé ;",
              "**au plus 3** de vos contacts d'urgence, sous forme de boutons pour appeler ou écrire, uniquement si vous avez activé les contacts pour cette étiquette ;",
              "le numéro d'urgence local du pays du visiteur et un bouton Envoyer une alerte d'urgence.",
            ],
          },
          {
            type: "p",
            text: "Une étiquette déclarée perdue ou dissociée n'affiche plus qu'un message indiquant qu'elle est désactivée. Comme toute personne qui détient votre étiquette peut voir ce qu'affiche sa carte, choisissez pour chaque étiquette ce qu'elle doit montrer.",
          },
        ],
      },
      {
        id: "logs",
        heading: "Ce que nous journalisons",
        blocks: [
          {
            type: "list",
            items: [
              "**Consultations de la carte.** Chaque fois que votre carte est ouverte par un scan ou un contact, nous enregistrons quelle étiquette et à quel moment. Les visites des robots connus ne sont pas comptées.",
              "**Affichages des informations médicales.** Chaque fois qu'un visiteur affiche vos informations médicales, nous enregistrons quelle étiquette et à quel moment.",
              "**Événements de sécurité.** Inscriptions, connexions et échecs de connexion, codes de vérification envoyés et vérifiés, étiquettes réclamées, étiquettes déclarées perdues et alertes envoyées. Chaque événement indique ce qui s'est passé, quand, le compte concerné et l'adresse IP du client.",
              "**Adresses IP.** Nous utilisons l'adresse IP de chaque requête pour limiter les tentatives répétées, dans les événements de sécurité et dans le journal des requêtes du serveur (heure, page demandée et résultat).",
            ],
          },
          {
            type: "note",
            text: "Nous ne journalisons jamais les mots de passe, les codes de vérification, les jetons d'activation ni le contenu de vos informations médicales.",
          },
        ],
      },
      {
        id: "sharing",
        heading: "Ce que nous partageons, et avec qui",
        blocks: [
          {
            type: "p",
            text: "Lorsque quelqu'un appuie sur Envoyer une alerte d'urgence sur votre carte, ou lorsque vous envoyez un SOS ou une alerte de test, nous envoyons un message à vos contacts d'urgence. Pour le remettre, nous transmettons l'adresse e-mail ou le numéro du contact, ainsi que le message, à nos prestataires d'envoi : un prestataire de messagerie (SMTP) pour les e-mails, et Twilio pour les SMS, WhatsApp et les appels vocaux.",
          },
          {
            type: "p",
            text: "Le message indique qui a besoin d'aide et ce qui s'est passé. Il contient un lien vers la position de la personne qui a scanné votre étiquette **uniquement si cette personne a autorisé son navigateur à la partager**. Les alertes de test portent clairement la mention TEST.",
          },
          {
            type: "p",
            text: "Les entreprises qui hébergent notre service ne traitent les données que sur nos instructions. Nous ne communiquons d'informations aux autorités que lorsque la loi l'exige. Nous ne vendons aucune information personnelle et ne la partageons pas avec des annonceurs.",
          },
        ],
      },
      {
        id: "cookies",
        heading: "Cookies et stockage sur votre appareil",
        blocks: [
          {
            type: "p",
            text: "Nous utilisons un cookie de session pour vous garder connecté, un cookie et le stockage local pour retenir votre langue, le stockage local pour retenir votre thème clair ou sombre et, sur votre appareil uniquement, une copie des cartes d'urgence que vous avez consultées pour qu'elles s'ouvrent sans réseau. Il n'y a aucun cookie publicitaire ni de suivi tiers. La [Politique relative aux cookies](/legal/cookies) les détaille un par un.",
          },
        ],
      },
      {
        id: "retention",
        heading: "Durée de conservation et suppression",
        blocks: [
          {
            type: "list",
            items: [
              "Votre compte, votre profil, vos contacts et vos étiquettes : tant que votre compte existe.",
              "Consultations de la carte, affichages des informations médicales et événements de sécurité : 12 mois, puis suppression.",
              "Journaux des requêtes du serveur : 30 jours.",
              "Sessions : jusqu'à votre déconnexion ou 30 jours après leur dernière utilisation.",
            ],
          },
          {
            type: "p",
            text: "Pour supprimer votre compte, écrivez à [{{supportEmail}}](mailto:{{supportEmail}}) depuis l'adresse e-mail de votre compte, ou indiquez-nous son numéro de téléphone pour que nous le vérifiions par un code. Nous supprimons alors votre profil, vos informations médicales, vos contacts et vos sessions, nous dissocions vos étiquettes pour que leurs cartes n'affichent plus rien sur vous, et nous effaçons les autres enregistrements liés à votre compte sous 30 jours.",
          },
        ],
      },
      {
        id: "rights",
        heading: "Vos droits",
        blocks: [
          {
            type: "list",
            items: [
              "**Accès.** Votre tableau de bord affiche votre profil, vos contacts et vos étiquettes. Vous pouvez aussi nous demander une copie de tout ce que nous détenons sur vous.",
              "**Rectification.** Modifiez votre profil et vos contacts à tout moment depuis votre tableau de bord, ou demandez-nous de corriger toute autre information.",
              "**Effacement.** Supprimez vous-même n'importe quelle information, ou demandez-nous de supprimer votre compte comme indiqué ci-dessus.",
              "**Opposition et réclamation.** Vous pouvez vous opposer à l'usage que nous faisons de vos informations et saisir votre autorité de protection des données (en France, la CNIL).",
            ],
          },
          {
            type: "p",
            text: "Les demandes sont gratuites. Nous répondons sous 30 jours et pouvons vous demander de confirmer que le compte vous appartient.",
          },
        ],
      },
      {
        id: "children",
        heading: "Enfants",
        blocks: [
          {
            type: "p",
            text: "Les enfants de moins de 16 ans ne peuvent pas ouvrir leur propre compte. Un parent ou un tuteur peut créer un profil pour un enfant, y associer une étiquette et décider de ce qu'affiche sa carte ; le compte reste celui de l'adulte. Les écoles et autres organisations qui remettent des étiquettes à des élèves doivent disposer du consentement exigé par leur loi, et n'afficher que ce dont le personnel et les secours ont besoin.",
          },
        ],
      },
      {
        id: "security",
        heading: "Comment nous la protégeons",
        blocks: [
          {
            type: "list",
            items: [
              "Les connexions à SafeTap sont chiffrées (HTTPS).",
              "Les données médicales et les coordonnées sont chiffrées au repos, avec des clés conservées hors de la base de données.",
              "Les jetons d'activation ne sont conservés que sous forme d'empreintes à clé ; les scripts ne peuvent pas lire les cookies de session.",
              "Les tentatives répétées de connexion, de code et d'activation sont limitées.",
            ],
          },
          {
            type: "p",
            text: "Aucun système n'est parfaitement sûr. Si une violation touche vos informations, nous vous en informerons dans les meilleurs délais.",
          },
        ],
      },
      {
        id: "changes",
        heading: "Modifications de cette politique",
        blocks: [
          {
            type: "p",
            text: "La date en haut de page indique la dernière modification de cette politique. Si un changement touche à l'usage de vos informations, nous vous préviendrons par e-mail ou par SMS avant son entrée en vigueur.",
          },
        ],
      },
    ],
  },
  vi: {
    seo: {
      title: "Chính sách quyền riêng tư",
      description:
        "SafeTap lưu trữ gì, thẻ khẩn cấp của bạn hiển thị gì, chúng tôi ghi nhật ký và chia sẻ gì, thông tin y tế được mã hóa ra sao, và cách xem, sửa hoặc xóa dữ liệu của bạn.",
    },
    title: "Chính sách quyền riêng tư",
    summary: [
      "Chúng tôi giữ những gì bạn cung cấp để thẻ khẩn cấp giúp người lạ có thể giúp bạn, và để người liên hệ của bạn nhận được cảnh báo. Chúng tôi không dùng nó vào việc gì khác.",
      "Thông tin y tế, ngày sinh của bạn và số điện thoại, địa chỉ email của người liên hệ được mã hóa bằng **AES-256-GCM** trước khi lưu.",
      "Mỗi lượt xem thẻ và mỗi lần hiển thị thông tin y tế của bạn đều được ghi nhật ký. Mật khẩu, mã xác minh và nội dung thông tin y tế không bao giờ được ghi nhật ký.",
      "Chúng tôi không bán dữ liệu của bạn, không hiển thị quảng cáo và không dùng cookie theo dõi của bên thứ ba.",
    ],
    sections: [
      {
        id: "who-we-are",
        heading: "Chúng tôi là ai và chính sách này áp dụng cho gì",
        blocks: [
          {
            type: "p",
            text: "SafeTap cung cấp thẻ khẩn cấp (vòng đeo tay, thẻ ví, móc khóa và nhãn dán) và trang web hiển thị thẻ khẩn cấp khi ai đó quét hoặc chạm vào thẻ. Chính sách này giải thích SafeTap xử lý những thông tin cá nhân nào khi bạn truy cập trang web, tạo tài khoản, liên kết thẻ hoặc quét thẻ của người khác, và bạn có những lựa chọn nào.",
          },
          {
            type: "p",
            text: "SafeTap chịu trách nhiệm về thông tin này. Bạn có thể liên hệ với chúng tôi tại [{{supportEmail}}](mailto:{{supportEmail}}).",
          },
        ],
      },
      {
        id: "account",
        heading: "Tài khoản của bạn",
        blocks: [
          { type: "p", text: "Để tạo tài khoản, chúng tôi cần:" },
          {
            type: "list",
            items: [
              "**Tên của bạn**, để chào bạn; tên này cũng hiển thị trên thẻ khẩn cấp.",
              "**Địa chỉ email hoặc số điện thoại**, để đăng nhập và gửi cho bạn mã xác minh gồm 6 chữ số.",
              "**Mật khẩu.** Thư viện xác thực của chúng tôi chỉ lưu mật khẩu dưới dạng băm một chiều. Không ai ở SafeTap đọc được mật khẩu, và chúng tôi không bao giờ ghi nhật ký mật khẩu.",
            ],
          },
          {
            type: "p",
            text: "Khi bạn đăng nhập, chúng tôi tạo một phiên. Phiên lưu thời điểm tạo và thời điểm hết hạn, địa chỉ IP và trình duyệt đã mở phiên, để bạn luôn được đăng nhập và để phát hiện hành vi lạm dụng. Chúng tôi cũng lưu ngôn ngữ giao diện, quốc gia và gói dịch vụ của bạn.",
          },
        ],
      },
      {
        id: "emergency-profile",
        heading: "Hồ sơ khẩn cấp của bạn",
        blocks: [
          {
            type: "p",
            text: "Mọi thông tin trong hồ sơ khẩn cấp đều không bắt buộc, trừ tên của bạn. Bạn quyết định thêm những gì:",
          },
          {
            type: "list",
            items: [
              "ngày sinh và nhóm máu;",
              "dị ứng, thuốc đang dùng và ghi chú y tế;",
              "người liên hệ khẩn cấp: tên từng người, cách liên lạc (SMS, email hoặc WhatsApp), số điện thoại hoặc địa chỉ email, và thứ tự hiển thị trên thẻ.",
            ],
          },
          {
            type: "p",
            text: "Ngày sinh, nhóm máu, dị ứng, thuốc và ghi chú y tế của bạn, cùng số điện thoại hoặc email của từng người liên hệ, đều được **mã hóa khi lưu trữ bằng AES-256-GCM**. Mỗi giá trị gắn với bản ghi riêng của nó, nên không thể sao chép sang tài khoản khác rồi giải mã ở đó. Khóa mã hóa được giữ bên ngoài cơ sở dữ liệu: chỉ một bản sao cơ sở dữ liệu thì không làm lộ các thông tin này.",
          },
          {
            type: "p",
            text: "Tên của bạn và tên người liên hệ không được mã hóa, vì chúng hiển thị trên thẻ và trong tin nhắn cảnh báo. Với mỗi thẻ, chúng tôi lưu mã thẻ, trạng thái, thời điểm liên kết và lần quét gần nhất, và việc thẻ có hiển thị thông tin y tế và người liên hệ của bạn hay không. Mã kích hoạt in trên tờ hướng dẫn chỉ được lưu dưới dạng băm có khóa.",
          },
          {
            type: "note",
            text: "Chỉ thêm những gì giúp người lạ có thể giúp bạn. Bạn có thể sửa hoặc xóa bất kỳ thông tin nào vào bất cứ lúc nào.",
          },
        ],
      },
      {
        id: "public-card",
        heading: "Thẻ khẩn cấp của bạn hiển thị gì",
        blocks: [
          {
            type: "p",
            text: "Bất kỳ ai quét hoặc chạm vào một thẻ đang hoạt động của bạn đều thấy thẻ khẩn cấp mà không cần đăng nhập. Thẻ hiển thị:",
          },
          {
            type: "list",
            items: [
              "tên của bạn;",
              "thông tin y tế của bạn, **chỉ khi** bạn bật tính năng này cho thẻ đó **và** người xem xác nhận rằng họ hiểu việc truy cập sẽ được ghi nhật ký;",
              "**tối đa 3** người liên hệ khẩn cấp, dưới dạng nút gọi và nhắn tin, chỉ khi bạn bật người liên hệ cho thẻ đó;",
              "số điện thoại khẩn cấp tại quốc gia của người xem và nút Gửi cảnh báo khẩn cấp.",
            ],
          },
          {
            type: "p",
            text: "Thẻ bạn đã đánh dấu bị mất hoặc đã hủy liên kết chỉ hiển thị thông báo rằng thẻ đã bị vô hiệu hóa. Vì bất kỳ ai cầm thẻ của bạn đều xem được nội dung thẻ hiển thị, hãy chọn cho từng thẻ những gì nên hiển thị.",
          },
        ],
      },
      {
        id: "logs",
        heading: "Chúng tôi ghi nhật ký những gì",
        blocks: [
          {
            type: "list",
            items: [
              "**Lượt xem thẻ.** Mỗi lần thẻ của bạn được mở bằng cách quét hoặc chạm, chúng tôi ghi lại thẻ nào và vào lúc nào. Lượt truy cập của các bot đã biết không được tính.",
              "**Lượt hiển thị thông tin y tế.** Mỗi lần người xem mở thông tin y tế của bạn, chúng tôi ghi lại thẻ nào và vào lúc nào.",
              "**Sự kiện bảo mật.** Đăng ký, đăng nhập và đăng nhập thất bại, mã xác minh đã gửi và đã xác minh, thẻ được nhận, thẻ bị đánh dấu mất và cảnh báo đã gửi. Mỗi sự kiện ghi lại điều gì đã xảy ra, khi nào, tài khoản liên quan và địa chỉ IP của máy khách.",
              "**Địa chỉ IP.** Chúng tôi dùng địa chỉ IP của mỗi yêu cầu để giới hạn các lần thử lặp lại, trong sự kiện bảo mật và trong nhật ký yêu cầu của máy chủ (thời gian, trang được yêu cầu và kết quả).",
            ],
          },
          {
            type: "note",
            text: "Chúng tôi không bao giờ ghi nhật ký mật khẩu, mã xác minh, mã kích hoạt hay nội dung thông tin y tế của bạn.",
          },
        ],
      },
      {
        id: "sharing",
        heading: "Chúng tôi chia sẻ gì và với ai",
        blocks: [
          {
            type: "p",
            text: "Khi ai đó nhấn Gửi cảnh báo khẩn cấp trên thẻ của bạn, hoặc khi bạn gửi SOS hay cảnh báo thử, chúng tôi gửi tin nhắn đến những người liên hệ khẩn cấp của bạn. Để chuyển tin, chúng tôi cung cấp email hoặc số điện thoại của người liên hệ, cùng nội dung tin nhắn, cho các nhà cung cấp dịch vụ gửi tin: một nhà cung cấp email (SMTP) cho email, và Twilio cho SMS, WhatsApp và cuộc gọi thoại.",
          },
          {
            type: "p",
            text: "Tin nhắn cho biết ai cần giúp đỡ và chuyện gì đã xảy ra. Tin nhắn chỉ kèm đường dẫn bản đồ đến vị trí của người đã quét thẻ **khi người đó cho phép trình duyệt chia sẻ vị trí**. Cảnh báo thử được đánh dấu rõ là TEST.",
          },
          {
            type: "p",
            text: "Các công ty lưu trữ dịch vụ của chúng tôi chỉ xử lý dữ liệu theo chỉ dẫn của chúng tôi. Chúng tôi chỉ cung cấp thông tin cho cơ quan chức năng khi pháp luật yêu cầu. Chúng tôi không bán thông tin cá nhân và không chia sẻ thông tin đó với bên quảng cáo.",
          },
        ],
      },
      {
        id: "cookies",
        heading: "Cookie và dữ liệu lưu trên thiết bị của bạn",
        blocks: [
          {
            type: "p",
            text: "Chúng tôi dùng cookie phiên để giữ bạn đăng nhập, một cookie và bộ nhớ cục bộ để ghi nhớ ngôn ngữ, bộ nhớ cục bộ để ghi nhớ giao diện sáng hoặc tối, và chỉ trên thiết bị của bạn, một bản sao các thẻ khẩn cấp bạn đã xem để chúng mở được khi không có mạng. Không có cookie quảng cáo hay cookie theo dõi của bên thứ ba. [Chính sách cookie](/legal/cookies) liệt kê từng loại.",
          },
        ],
      },
      {
        id: "retention",
        heading: "Thời gian lưu giữ và việc xóa dữ liệu",
        blocks: [
          {
            type: "list",
            items: [
              "Tài khoản, hồ sơ, người liên hệ và thẻ của bạn: trong suốt thời gian tài khoản tồn tại.",
              "Lượt xem thẻ, lượt hiển thị thông tin y tế và sự kiện bảo mật: 12 tháng, sau đó bị xóa.",
              "Nhật ký yêu cầu của máy chủ: 30 ngày.",
              "Phiên đăng nhập: cho đến khi bạn đăng xuất hoặc 30 ngày sau lần dùng cuối.",
            ],
          },
          {
            type: "p",
            text: "Để xóa tài khoản, hãy viết cho [{{supportEmail}}](mailto:{{supportEmail}}) từ địa chỉ email của tài khoản, hoặc cho chúng tôi biết số điện thoại của tài khoản để chúng tôi xác minh bằng mã. Khi đó chúng tôi xóa hồ sơ, thông tin y tế, người liên hệ và các phiên của bạn, hủy liên kết các thẻ để thẻ không còn hiển thị bất cứ điều gì về bạn, và xóa các bản ghi còn lại gắn với tài khoản trong vòng 30 ngày.",
          },
        ],
      },
      {
        id: "rights",
        heading: "Quyền của bạn",
        blocks: [
          {
            type: "list",
            items: [
              "**Truy cập.** Bảng điều khiển hiển thị hồ sơ, người liên hệ và thẻ của bạn. Bạn cũng có thể yêu cầu bản sao mọi dữ liệu chúng tôi giữ về bạn.",
              "**Chỉnh sửa.** Sửa hồ sơ và người liên hệ bất cứ lúc nào từ bảng điều khiển, hoặc yêu cầu chúng tôi sửa bất kỳ thông tin nào khác.",
              "**Xóa.** Tự xóa bất kỳ thông tin nào, hoặc yêu cầu chúng tôi xóa tài khoản như mô tả ở trên.",
              "**Phản đối và khiếu nại.** Bạn có thể phản đối cách chúng tôi sử dụng thông tin và khiếu nại với cơ quan bảo vệ dữ liệu nơi bạn sống.",
            ],
          },
          {
            type: "p",
            text: "Các yêu cầu đều miễn phí. Chúng tôi trả lời trong vòng 30 ngày và có thể đề nghị bạn xác nhận rằng tài khoản thuộc về bạn.",
          },
        ],
      },
      {
        id: "children",
        heading: "Trẻ em",
        blocks: [
          {
            type: "p",
            text: "Trẻ em dưới 16 tuổi không được tự mở tài khoản. Cha mẹ hoặc người giám hộ có thể tạo hồ sơ cho trẻ, liên kết thẻ với hồ sơ đó và quyết định thẻ hiển thị những gì; tài khoản vẫn thuộc về người lớn. Trường học và các tổ chức khác phát thẻ cho học sinh phải có sự đồng ý theo quy định pháp luật của họ, và chỉ nên hiển thị những gì nhân viên và lực lượng cấp cứu cần.",
          },
        ],
      },
      {
        id: "security",
        heading: "Cách chúng tôi bảo vệ thông tin",
        blocks: [
          {
            type: "list",
            items: [
              "Kết nối tới SafeTap được mã hóa (HTTPS).",
              "Thông tin y tế và thông tin liên lạc được mã hóa khi lưu trữ, với khóa được giữ bên ngoài cơ sở dữ liệu.",
              "Mã kích hoạt chỉ được lưu dưới dạng băm có khóa; script không thể đọc cookie phiên.",
              "Các lần thử đăng nhập, nhập mã và kích hoạt lặp lại đều bị giới hạn.",
            ],
          },
          {
            type: "p",
            text: "Không hệ thống nào an toàn tuyệt đối. Nếu sự cố rò rỉ ảnh hưởng đến thông tin của bạn, chúng tôi sẽ thông báo cho bạn không chậm trễ.",
          },
        ],
      },
      {
        id: "changes",
        heading: "Thay đổi chính sách này",
        blocks: [
          {
            type: "p",
            text: "Ngày ở đầu trang cho biết lần thay đổi gần nhất của chính sách này. Nếu một thay đổi ảnh hưởng đến cách chúng tôi sử dụng thông tin của bạn, chúng tôi sẽ báo cho bạn qua email hoặc tin nhắn trước khi thay đổi có hiệu lực.",
          },
        ],
      },
    ],
  },
};
