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
      "SafeTap protects the health information you add with encryption at rest, a log of every reveal of a card's medical section, and by asking for as little as possible. [What this covers under HIPAA, and what it does not](#technical-safeguards).",
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
        id: "technical-safeguards",
        heading: "HIPAA technical safeguards (§164.312)",
        blocks: [
          {
            type: "p",
            text: "The HIPAA Security Rule lists its technical safeguards in 45 CFR §164.312. For each one, this is what SafeTap does, what it does not do, and what stays with the organisation. It describes the product; it is not a certification.",
          },
          {
            type: "table",
            caption:
              "HIPAA technical safeguards: what SafeTap does, and what stays the organisation's",
            head: [
              "Safeguard",
              "What SafeTap does",
              "What SafeTap does not do, and what stays yours",
            ],
            rows: [
              [
                "Access control: unique user identification",
                "Each person signs in to their own account, and every entry of the log names who acted. Every page of an organisation checks the role and the organisation on the server.",
                "Shared logins are not prevented: give each staff member their own invitation and remove people who leave.",
              ],
              [
                "Access control: emergency access procedure",
                "The emergency card shows medical details only after the reader acknowledges that access is logged. Each reveal is logged and rate-limited.",
                "Staff cannot override their role in the dashboard. Your emergency procedures, and which tags show medical details, are yours.",
              ],
              [
                "Access control: automatic logoff",
                "Sessions end when you sign out and expire 30 days after their last renewal.",
                "**Not covered:** there is no logoff after a period of inactivity. Lock screens, and sign out of shared devices.",
              ],
              [
                "Access control: encryption and decryption",
                "Medical fields and contacts' phone numbers and email addresses are encrypted with AES-256-GCM, with keys kept outside the database.",
                "Names, wards, locations, photos and the log are not encrypted by SafeTap: encrypt the disks and backups where it runs.",
              ],
              [
                "Audit controls",
                "An append-only log of each opening of a person's record and of a card's medical section, each change with who and why, handovers, scans, roll calls and exports. Admins filter it and export it.",
                "Review the log regularly and keep its exports for your retention period.",
              ],
              [
                "Integrity, and authenticating health information",
                "An encrypted field that is altered fails to decrypt. Each entry of the log carries the hash of the one before, so an edited, removed or reordered entry is found: in the dashboard, or in an export with the command `safetap audit verify`.",
                "The chain proves the entries you hold were not altered. Keep your exports out of reach of whoever runs the database.",
              ],
              [
                "Person or entity authentication",
                "A password and then a one-time code sent to the account's email or phone at every sign-in, with attempts limited.",
                "No hardware keys or single sign-on. Secure the mailboxes and phones that receive codes.",
              ],
              [
                "Transmission security: integrity and encryption",
                "HTTPS with HSTS and secure cookies in production; providers are called over TLS.",
                "TLS is ended by the proxy in front of SafeTap, run by whoever hosts it. Text messages and emails to contacts travel as those networks allow; they never contain the medical record.",
              ],
            ],
          },
          {
            type: "p",
            text: "Also the organisation's in every case: a signed Business Associate Agreement before any patient information is entered, its risk analysis, its policies, workforce training and the security of its devices. The Security Rule's administrative and physical safeguards are about how an organisation runs and are not listed here.",
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
            text: "No government body certifies products as “HIPAA compliant”. When SafeTap says “HIPAA compliance”, it means exactly what this page lists: the technical safeguards above, including what they do not cover, and that we will sign a BAA with organisations that need one. Whether a particular use is compliant depends on how the organisation uses SafeTap and on the safeguards that stay its own.",
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
      "SafeTap protege la información de salud que añades con cifrado en reposo, con un registro de cada vez que se muestra la sección médica de una tarjeta y pidiendo lo mínimo posible. [Lo que esto cubre según HIPAA, y lo que no](#technical-safeguards).",
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
        id: "technical-safeguards",
        heading: "Salvaguardas técnicas de HIPAA (§164.312)",
        blocks: [
          {
            type: "p",
            text: "La Regla de Seguridad de HIPAA enumera sus salvaguardas técnicas en 45 CFR §164.312. Para cada una, esto es lo que hace SafeTap, lo que no hace y lo que queda a cargo de la organización. Describe el producto; no es una certificación.",
          },
          {
            type: "table",
            caption:
              "Salvaguardas técnicas de HIPAA: lo que hace SafeTap y lo que queda a cargo de la organización",
            head: [
              "Salvaguarda",
              "Lo que hace SafeTap",
              "Lo que SafeTap no hace y lo que queda a tu cargo",
            ],
            rows: [
              [
                "Control de acceso: identificación única de usuario",
                "Cada persona entra con su propia cuenta y cada entrada del registro indica quién actuó. Cada página de una organización comprueba el rol y la organización en el servidor.",
                "No se impide compartir cuentas: envía a cada miembro del personal su propia invitación y retira a quienes se van.",
              ],
              [
                "Control de acceso: procedimiento de acceso de emergencia",
                "La tarjeta de emergencia muestra los datos médicos solo después de que el lector acepte que el acceso queda registrado. Cada acceso se registra y tiene un límite de frecuencia.",
                "El personal no puede saltarse su rol en el panel. Tus procedimientos de emergencia, y qué etiquetas muestran datos médicos, son cosa tuya.",
              ],
              [
                "Control de acceso: cierre automático de sesión",
                "Las sesiones terminan al cerrar sesión y caducan 30 días después de su última renovación.",
                "**No cubierto:** no hay cierre de sesión tras un periodo de inactividad. Bloquea las pantallas y cierra sesión en los dispositivos compartidos.",
              ],
              [
                "Control de acceso: cifrado y descifrado",
                "Los campos médicos y los teléfonos y correos de los contactos se cifran con AES-256-GCM, con claves guardadas fuera de la base de datos.",
                "SafeTap no cifra los nombres, las plantas, las ubicaciones, las fotos ni el registro: cifra los discos y las copias de seguridad donde se ejecuta.",
              ],
              [
                "Controles de auditoría",
                "Un registro de solo anexado de cada apertura del expediente de una persona y de la sección médica de una tarjeta, cada cambio con quién y por qué, traspasos, escaneos, pases de lista y exportaciones. Los administradores lo filtran y lo exportan.",
                "Revisa el registro con regularidad y guarda sus exportaciones durante tu periodo de conservación.",
              ],
              [
                "Integridad y autenticación de la información de salud",
                "Un campo cifrado que se modifica no se puede descifrar. Cada entrada del registro lleva el hash de la anterior, así que una entrada modificada, eliminada o reordenada se detecta: en el panel, o en una exportación con el comando `safetap audit verify`.",
                "La cadena demuestra que las entradas que conservas no se modificaron. Guarda tus exportaciones fuera del alcance de quien gestiona la base de datos.",
              ],
              [
                "Autenticación de personas o entidades",
                "Una contraseña y después un código de un solo uso enviado al correo o al teléfono de la cuenta en cada inicio de sesión, con intentos limitados.",
                "No hay llaves de seguridad físicas ni inicio de sesión único. Protege los buzones y teléfonos que reciben los códigos.",
              ],
              [
                "Seguridad de la transmisión: integridad y cifrado",
                "HTTPS con HSTS y cookies seguras en producción; los proveedores se llaman mediante TLS.",
                "TLS lo termina el proxy situado delante de SafeTap, que gestiona quien lo aloja. Los SMS y correos a los contactos viajan según lo permitan esas redes; nunca contienen el historial médico.",
              ],
            ],
          },
          {
            type: "p",
            text: "Además, siempre a cargo de la organización: un Acuerdo de Socio Comercial firmado antes de introducir información de pacientes, su análisis de riesgos, sus políticas, la formación del personal y la seguridad de sus dispositivos. Las salvaguardas administrativas y físicas de la Regla de Seguridad tratan de cómo funciona una organización y no se enumeran aquí.",
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
            text: "Ningún organismo público certifica productos como «conformes con HIPAA». Cuando SafeTap dice «cumplimiento de HIPAA», quiere decir exactamente lo que enumera esta página: las salvaguardas técnicas anteriores, incluido lo que no cubren, y que firmaremos un BAA con las organizaciones que lo necesiten. Que un uso concreto cumpla la norma depende de cómo lo use cada organización y de las salvaguardas que quedan a su cargo.",
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
      "SafeTap protège les informations de santé que vous ajoutez grâce au chiffrement au repos, à la journalisation de chaque affichage de la section médicale d'une carte et en demandant le moins de données possible. [Ce que cela couvre au sens de HIPAA, et ce que cela ne couvre pas](#technical-safeguards).",
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
        id: "technical-safeguards",
        heading: "Garanties techniques de HIPAA (§164.312)",
        blocks: [
          {
            type: "p",
            text: "La Security Rule de HIPAA énumère ses garanties techniques au 45 CFR §164.312. Pour chacune, voici ce que fait SafeTap, ce qu'il ne fait pas et ce qui reste à la charge de l'organisation. Il s'agit d'une description du produit, pas d'une certification.",
          },
          {
            type: "table",
            caption:
              "Garanties techniques de HIPAA : ce que fait SafeTap et ce qui reste à la charge de l'organisation",
            head: [
              "Garantie",
              "Ce que fait SafeTap",
              "Ce que SafeTap ne fait pas, et ce qui reste à votre charge",
            ],
            rows: [
              [
                "Contrôle d'accès : identification unique des utilisateurs",
                "Chaque personne se connecte avec son propre compte, et chaque entrée du journal indique qui a agi. Chaque page d'une organisation vérifie le rôle et l'organisation sur le serveur.",
                "Le partage de comptes n'est pas empêché : envoyez à chaque membre du personnel sa propre invitation et retirez les personnes qui partent.",
              ],
              [
                "Contrôle d'accès : procédure d'accès d'urgence",
                "La carte d'urgence n'affiche les informations médicales qu'après que le lecteur a reconnu que l'accès est journalisé. Chaque affichage est journalisé et limité en fréquence.",
                "Le personnel ne peut pas outrepasser son rôle dans le tableau de bord. Vos procédures d'urgence, et le choix des badges qui montrent les informations médicales, vous reviennent.",
              ],
              [
                "Contrôle d'accès : déconnexion automatique",
                "Les sessions prennent fin à la déconnexion et expirent 30 jours après leur dernier renouvellement.",
                "**Non couvert :** aucune déconnexion après une période d'inactivité. Verrouillez les écrans et déconnectez-vous des appareils partagés.",
              ],
              [
                "Contrôle d'accès : chiffrement et déchiffrement",
                "Les champs médicaux ainsi que les numéros et adresses e-mail des contacts sont chiffrés en AES-256-GCM, avec des clés conservées hors de la base de données.",
                "SafeTap ne chiffre ni les noms, ni les services, ni les sites, ni les photos, ni le journal : chiffrez les disques et les sauvegardes là où il tourne.",
              ],
              [
                "Contrôles d'audit",
                "Un journal en ajout seul de chaque ouverture du dossier d'une personne et de la section médicale d'une carte, de chaque modification avec son auteur et sa raison, des transferts, lectures de badges, appels et exports. Les administrateurs le filtrent et l'exportent.",
                "Consultez le journal régulièrement et conservez ses exports pendant votre durée de conservation.",
              ],
              [
                "Intégrité et authentification des informations de santé",
                "Un champ chiffré modifié ne se déchiffre plus. Chaque entrée du journal porte le hash de la précédente : une entrée modifiée, supprimée ou déplacée est repérée, dans le tableau de bord ou dans un export avec la commande `safetap audit verify`.",
                "La chaîne prouve que les entrées que vous détenez n'ont pas été modifiées. Conservez vos exports hors de portée de qui gère la base de données.",
              ],
              [
                "Authentification des personnes ou entités",
                "Un mot de passe puis un code à usage unique envoyé à l'e-mail ou au téléphone du compte à chaque connexion, avec un nombre d'essais limité.",
                "Pas de clés de sécurité matérielles ni d'authentification unique (SSO). Sécurisez les boîtes mail et téléphones qui reçoivent les codes.",
              ],
              [
                "Sécurité des transmissions : intégrité et chiffrement",
                "HTTPS avec HSTS et cookies sécurisés en production ; les fournisseurs sont appelés via TLS.",
                "TLS est terminé par le proxy placé devant SafeTap, géré par l'hébergeur. Les SMS et e-mails envoyés aux contacts circulent selon ce que permettent ces réseaux ; ils ne contiennent jamais le dossier médical.",
              ],
            ],
          },
          {
            type: "p",
            text: "Reste aussi à la charge de l'organisation dans tous les cas : un Business Associate Agreement signé avant toute saisie d'informations de patients, son analyse des risques, ses politiques, la formation de son personnel et la sécurité de ses appareils. Les garanties administratives et physiques de la Security Rule portent sur le fonctionnement d'une organisation et ne sont pas détaillées ici.",
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
            text: "Aucun organisme public ne certifie des produits « conformes à HIPAA ». Quand SafeTap parle de « conformité HIPAA », il s'agit exactement de ce que cette page énumère : les garanties techniques ci-dessus, y compris ce qu'elles ne couvrent pas, et notre engagement à signer un BAA avec les organisations qui en ont besoin. La conformité d'un usage donné dépend de la manière dont l'organisation utilise SafeTap et des garanties qui restent à sa charge.",
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
      "SafeTap bảo vệ thông tin sức khỏe bạn thêm vào bằng cách mã hóa khi lưu trữ, ghi nhật ký mỗi lần hiển thị phần y tế của thẻ và chỉ yêu cầu ít dữ liệu nhất có thể. [Điều này đáp ứng gì theo HIPAA, và không đáp ứng gì](#technical-safeguards).",
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
        id: "technical-safeguards",
        heading: "Các biện pháp bảo vệ kỹ thuật của HIPAA (§164.312)",
        blocks: [
          {
            type: "p",
            text: "Quy tắc Bảo mật của HIPAA liệt kê các biện pháp bảo vệ kỹ thuật tại 45 CFR §164.312. Với từng biện pháp, dưới đây là những gì SafeTap làm, những gì SafeTap không làm và những gì thuộc trách nhiệm của tổ chức. Đây là mô tả sản phẩm, không phải chứng nhận.",
          },
          {
            type: "table",
            caption:
              "Các biện pháp bảo vệ kỹ thuật của HIPAA: phần SafeTap đảm nhận và phần thuộc về tổ chức",
            head: [
              "Biện pháp bảo vệ",
              "SafeTap làm gì",
              "SafeTap không làm gì, và phần thuộc về bạn",
            ],
            rows: [
              [
                "Kiểm soát truy cập: định danh người dùng duy nhất",
                "Mỗi người đăng nhập bằng tài khoản riêng, và mỗi mục nhật ký ghi rõ ai đã thực hiện. Mọi trang của tổ chức đều kiểm tra vai trò và tổ chức trên máy chủ.",
                "SafeTap không ngăn việc dùng chung tài khoản: hãy gửi lời mời riêng cho từng nhân viên và gỡ quyền của người đã nghỉ.",
              ],
              [
                "Kiểm soát truy cập: quy trình truy cập khẩn cấp",
                "Thẻ khẩn cấp chỉ hiện thông tin y tế sau khi người đọc xác nhận rằng việc truy cập được ghi nhật ký. Mỗi lần hiển thị đều được ghi lại và bị giới hạn tần suất.",
                "Nhân viên không thể vượt quyền vai trò của mình trên trang quản lý. Quy trình khẩn cấp, và việc chọn thẻ nào hiện thông tin y tế, là việc của bạn.",
              ],
              [
                "Kiểm soát truy cập: tự động đăng xuất",
                "Phiên kết thúc khi bạn đăng xuất và hết hạn 30 ngày sau lần gia hạn cuối.",
                "**Không đáp ứng:** không có đăng xuất sau một thời gian không hoạt động. Hãy khóa màn hình và đăng xuất trên thiết bị dùng chung.",
              ],
              [
                "Kiểm soát truy cập: mã hóa và giải mã",
                "Các trường y tế cùng số điện thoại và email của người liên hệ được mã hóa bằng AES-256-GCM, với khóa lưu bên ngoài cơ sở dữ liệu.",
                "SafeTap không mã hóa tên, khoa phòng, địa điểm, ảnh và nhật ký: hãy mã hóa ổ đĩa và bản sao lưu nơi SafeTap chạy.",
              ],
              [
                "Kiểm soát kiểm toán",
                "Một nhật ký chỉ ghi thêm cho mỗi lần mở hồ sơ của một người và phần y tế trên thẻ, mỗi thay đổi kèm người thực hiện và lý do, các lần bàn giao, lượt quét, điểm danh và lần xuất. Quản trị viên lọc và xuất được nhật ký.",
                "Hãy xem nhật ký thường xuyên và lưu các tệp xuất trong suốt thời hạn lưu trữ của bạn.",
              ],
              [
                "Tính toàn vẹn và xác thực thông tin sức khỏe",
                "Một trường đã mã hóa bị sửa sẽ không giải mã được. Mỗi mục nhật ký mang mã băm của mục trước, nên mục bị sửa, bị xóa hoặc bị đổi thứ tự sẽ bị phát hiện: trên trang quản lý, hoặc trong tệp xuất bằng lệnh `safetap audit verify`.",
                "Chuỗi băm chứng minh các mục bạn đang giữ không bị sửa. Hãy cất tệp xuất ngoài tầm với của người vận hành cơ sở dữ liệu.",
              ],
              [
                "Xác thực người hoặc thực thể",
                "Mật khẩu rồi đến mã dùng một lần gửi tới email hoặc điện thoại của tài khoản ở mỗi lần đăng nhập, có giới hạn số lần thử.",
                "Không hỗ trợ khóa bảo mật phần cứng hay đăng nhập một lần (SSO). Hãy bảo vệ hộp thư và điện thoại nhận mã.",
              ],
              [
                "Bảo mật truyền tải: toàn vẹn và mã hóa",
                "HTTPS với HSTS và cookie bảo mật khi chạy chính thức; các nhà cung cấp được gọi qua TLS.",
                "TLS do proxy đặt trước SafeTap xử lý, do bên lưu trữ vận hành. Tin nhắn và email gửi người liên hệ đi theo khả năng của các mạng đó; chúng không bao giờ chứa hồ sơ y tế.",
              ],
            ],
          },
          {
            type: "p",
            text: "Ngoài ra, trong mọi trường hợp tổ chức còn phải lo: Thỏa thuận Đối tác Kinh doanh đã ký trước khi nhập thông tin bệnh nhân, phân tích rủi ro, chính sách, đào tạo nhân viên và bảo mật thiết bị của mình. Các biện pháp bảo vệ hành chính và vật lý của Quy tắc Bảo mật nói về cách một tổ chức vận hành và không được liệt kê ở đây.",
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
            text: "Không có cơ quan nhà nước nào chứng nhận sản phẩm là “tuân thủ HIPAA”. Khi SafeTap nói “tuân thủ HIPAA”, ý chúng tôi đúng bằng những gì trang này liệt kê: các biện pháp bảo vệ kỹ thuật ở trên, kể cả phần chúng không đáp ứng, và việc chúng tôi sẽ ký BAA với những tổ chức cần. Một cách sử dụng cụ thể có tuân thủ hay không phụ thuộc vào cách tổ chức đó sử dụng SafeTap và vào các biện pháp thuộc trách nhiệm của chính họ.",
          },
        ],
      },
    ],
  },
};
