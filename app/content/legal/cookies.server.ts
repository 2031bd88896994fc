import type { LegalDocument, Localized } from "#app/content/types.ts";

/**
 * Every cookie and local-storage key the site sets. Keep in step with server/auth/auth.ts
 * (session cookie), app/lib/i18n*.ts (`lng`) and app/lib/theme.ts (`themeMode`).
 */
export const cookiePolicy: Localized<LegalDocument> = {
  en: {
    seo: {
      title: "Cookie Policy",
      description:
        "The only cookies and local storage SafeTap uses: a session cookie, your language and theme, and an offline copy of emergency cards. No advertising or third-party tracking.",
    },
    title: "Cookie Policy",
    summary: [
      "SafeTap uses two cookies: one keeps you signed in, the other remembers your language.",
      "Your browser's local storage remembers your language and theme, and keeps emergency cards you viewed so that they open without a network.",
      "There are **no advertising or third-party tracking cookies**, and no analytics that follow you across sites.",
    ],
    sections: [
      {
        id: "what-they-are",
        heading: "What cookies and local storage are",
        blocks: [
          {
            type: "p",
            text: "A cookie is a small piece of text that a website asks your browser to keep and send back on later visits. Local storage is a similar space in your browser that only the website's own pages can read; it is never sent to us by itself. We use both only for what the site needs to work.",
          },
        ],
      },
      {
        id: "cookies-we-use",
        heading: "Cookies we use",
        blocks: [
          {
            type: "table",
            caption: "Cookies set by SafeTap",
            head: ["Name", "What it does", "How long it lasts"],
            rows: [
              [
                "`safetap.session_token`",
                "Keeps you signed in after you enter your password and code. It is HttpOnly (scripts cannot read it), SameSite=Lax (not sent with requests started by other sites) and Secure in production (sent only over HTTPS, where its name starts with `__Secure-`). Set only when you sign in.",
                "30 days, or until you sign out",
              ],
              [
                "`lng`",
                "Remembers the language you chose, so that pages and emergency cards open in it.",
                "1 year",
              ],
            ],
          },
        ],
      },
      {
        id: "local-storage",
        heading: "Local storage and offline copies",
        blocks: [
          {
            type: "table",
            caption: "What SafeTap keeps in your browser",
            head: ["Name", "What it does", "How long it lasts"],
            rows: [
              [
                "`lng`",
                "Your language, so that it is kept even if the cookie is cleared.",
                "Until you clear it",
              ],
              [
                "`themeMode`",
                "Your theme: automatic (dark at night), system, light or dark.",
                "Until you clear it",
              ],
              [
                "Offline copy of emergency cards",
                "Emergency cards you opened, so that they open again without a network, and any alert pressed while offline, until it has been sent.",
                "Until you clear your browser's site data",
              ],
            ],
          },
          {
            type: "p",
            text: "The offline copy stays on the device where the card was opened. It is not sent anywhere except the queued alert, which goes to SafeTap once the network returns.",
          },
        ],
      },
      {
        id: "no-tracking",
        heading: "No advertising or tracking",
        blocks: [
          {
            type: "p",
            text: "We do not use advertising cookies, third-party tracking cookies, social media pixels or analytics that follow you across sites. Our store and our social media pages are separate sites with their own cookie policies; they set their cookies only when you visit them.",
          },
        ],
      },
      {
        id: "your-choices",
        heading: "Your choices",
        blocks: [
          {
            type: "list",
            items: [
              "You can delete cookies and site data in your browser's settings at any time.",
              "Without the session cookie you cannot stay signed in, but emergency cards and every other public page still work.",
              "Clearing the language or theme returns the site to your browser's language and the automatic theme.",
              "Clearing site data removes offline copies of cards; they need a network again the next time.",
            ],
          },
          {
            type: "p",
            text: "Because these cookies are strictly necessary or only remember choices you made, we do not show a consent banner. If we ever add anything else, we will ask first and update this page.",
          },
        ],
      },
    ],
  },
  es: {
    seo: {
      title: "Política de cookies",
      description:
        "Las únicas cookies y el único almacenamiento local que usa SafeTap: una cookie de sesión, tu idioma y tu tema, y una copia sin conexión de las tarjetas de emergencia. Sin publicidad ni seguimiento de terceros.",
    },
    title: "Política de cookies",
    summary: [
      "SafeTap usa dos cookies: una te mantiene conectado y la otra recuerda tu idioma.",
      "El almacenamiento local de tu navegador recuerda tu idioma y tu tema, y guarda las tarjetas de emergencia que has visto para que se abran sin conexión.",
      "**No hay cookies publicitarias ni de seguimiento de terceros**, ni analítica que te siga de un sitio a otro.",
    ],
    sections: [
      {
        id: "what-they-are",
        heading: "Qué son las cookies y el almacenamiento local",
        blocks: [
          {
            type: "p",
            text: "Una cookie es un pequeño texto que un sitio web pide a tu navegador que guarde y le devuelva en visitas posteriores. El almacenamiento local es un espacio parecido de tu navegador que solo pueden leer las páginas del propio sitio; nunca se nos envía por sí solo. Usamos ambos solo para lo que el sitio necesita para funcionar.",
          },
        ],
      },
      {
        id: "cookies-we-use",
        heading: "Cookies que usamos",
        blocks: [
          {
            type: "table",
            caption: "Cookies que crea SafeTap",
            head: ["Nombre", "Para qué sirve", "Cuánto dura"],
            rows: [
              [
                "`safetap.session_token`",
                "Te mantiene conectado después de introducir tu contraseña y tu código. Es HttpOnly (los scripts no pueden leerla), SameSite=Lax (no se envía en peticiones iniciadas por otros sitios) y Secure en producción (solo viaja por HTTPS y su nombre empieza por `__Secure-`). Solo se crea al iniciar sesión.",
                "30 días, o hasta que cierres sesión",
              ],
              [
                "`lng`",
                "Recuerda el idioma que elegiste para que las páginas y las tarjetas de emergencia se abran en él.",
                "1 año",
              ],
            ],
          },
        ],
      },
      {
        id: "local-storage",
        heading: "Almacenamiento local y copias sin conexión",
        blocks: [
          {
            type: "table",
            caption: "Lo que SafeTap guarda en tu navegador",
            head: ["Nombre", "Para qué sirve", "Cuánto dura"],
            rows: [
              [
                "`lng`",
                "Tu idioma, para conservarlo aunque se borre la cookie.",
                "Hasta que lo borres",
              ],
              [
                "`themeMode`",
                "Tu tema: automático (oscuro de noche), sistema, claro u oscuro.",
                "Hasta que lo borres",
              ],
              [
                "Copia sin conexión de las tarjetas de emergencia",
                "Las tarjetas de emergencia que abriste, para que vuelvan a abrirse sin conexión, y cualquier alerta pulsada sin conexión, hasta que se envíe.",
                "Hasta que borres los datos del sitio en tu navegador",
              ],
            ],
          },
          {
            type: "p",
            text: "La copia sin conexión se queda en el dispositivo donde se abrió la tarjeta. No se envía a ningún sitio, salvo la alerta pendiente, que llega a SafeTap en cuanto vuelve la red.",
          },
        ],
      },
      {
        id: "no-tracking",
        heading: "Sin publicidad ni seguimiento",
        blocks: [
          {
            type: "p",
            text: "No usamos cookies publicitarias, cookies de seguimiento de terceros, píxeles de redes sociales ni analítica que te siga de un sitio a otro. Nuestra tienda y nuestras páginas en redes sociales son sitios independientes con sus propias políticas de cookies; solo crean sus cookies cuando los visitas.",
          },
        ],
      },
      {
        id: "your-choices",
        heading: "Tus opciones",
        blocks: [
          {
            type: "list",
            items: [
              "Puedes borrar las cookies y los datos del sitio en la configuración de tu navegador cuando quieras.",
              "Sin la cookie de sesión no puedes seguir conectado, pero las tarjetas de emergencia y el resto de páginas públicas siguen funcionando.",
              "Si borras el idioma o el tema, el sitio vuelve al idioma de tu navegador y al tema automático.",
              "Si borras los datos del sitio, desaparecen las copias sin conexión de las tarjetas; la próxima vez necesitarán conexión.",
            ],
          },
          {
            type: "p",
            text: "Como estas cookies son estrictamente necesarias o solo recuerdan elecciones que tú hiciste, no mostramos un aviso de consentimiento. Si alguna vez añadimos algo más, te lo preguntaremos antes y actualizaremos esta página.",
          },
        ],
      },
    ],
  },
  fr: {
    seo: {
      title: "Politique relative aux cookies",
      description:
        "Les seuls cookies et le seul stockage local utilisés par SafeTap : un cookie de session, votre langue et votre thème, et une copie hors ligne des cartes d'urgence. Ni publicité ni suivi tiers.",
    },
    title: "Politique relative aux cookies",
    summary: [
      "SafeTap utilise deux cookies : l'un vous garde connecté, l'autre retient votre langue.",
      "Le stockage local de votre navigateur retient votre langue et votre thème, et conserve les cartes d'urgence consultées pour qu'elles s'ouvrent sans réseau.",
      "Il n'y a **aucun cookie publicitaire ni de suivi tiers**, ni outil d'analyse qui vous suit d'un site à l'autre.",
    ],
    sections: [
      {
        id: "what-they-are",
        heading: "Que sont les cookies et le stockage local ?",
        blocks: [
          {
            type: "p",
            text: "Un cookie est un petit texte qu'un site demande à votre navigateur de conserver et de lui renvoyer lors des visites suivantes. Le stockage local est un espace similaire de votre navigateur que seules les pages du site peuvent lire ; il ne nous est jamais envoyé de lui-même. Nous n'utilisons l'un et l'autre que pour ce dont le site a besoin pour fonctionner.",
          },
        ],
      },
      {
        id: "cookies-we-use",
        heading: "Les cookies que nous utilisons",
        blocks: [
          {
            type: "table",
            caption: "Cookies déposés par SafeTap",
            head: ["Nom", "À quoi il sert", "Durée"],
            rows: [
              [
                "`safetap.session_token`",
                "Vous garde connecté après la saisie de votre mot de passe et de votre code. Il est HttpOnly (les scripts ne peuvent pas le lire), SameSite=Lax (il n'accompagne pas les requêtes lancées par d'autres sites) et Secure en production (il ne circule qu'en HTTPS et son nom commence par `__Secure-`). Déposé uniquement à la connexion.",
                "30 jours, ou jusqu'à la déconnexion",
              ],
              [
                "`lng`",
                "Retient la langue choisie pour que les pages et les cartes d'urgence s'ouvrent dans cette langue.",
                "1 an",
              ],
            ],
          },
        ],
      },
      {
        id: "local-storage",
        heading: "Stockage local et copies hors ligne",
        blocks: [
          {
            type: "table",
            caption: "Ce que SafeTap conserve dans votre navigateur",
            head: ["Nom", "À quoi il sert", "Durée"],
            rows: [
              [
                "`lng`",
                "Votre langue, pour la conserver même si le cookie est effacé.",
                "Jusqu'à ce que vous l'effaciez",
              ],
              [
                "`themeMode`",
                "Votre thème : automatique (sombre la nuit), système, clair ou sombre.",
                "Jusqu'à ce que vous l'effaciez",
              ],
              [
                "Copie hors ligne des cartes d'urgence",
                "Les cartes d'urgence que vous avez ouvertes, pour qu'elles se rouvrent sans réseau, ainsi que toute alerte déclenchée hors ligne, jusqu'à son envoi.",
                "Jusqu'à ce que vous effaciez les données du site dans votre navigateur",
              ],
            ],
          },
          {
            type: "p",
            text: "La copie hors ligne reste sur l'appareil où la carte a été ouverte. Elle n'est envoyée nulle part, à l'exception de l'alerte en attente, transmise à SafeTap dès le retour du réseau.",
          },
        ],
      },
      {
        id: "no-tracking",
        heading: "Ni publicité ni suivi",
        blocks: [
          {
            type: "p",
            text: "Nous n'utilisons ni cookies publicitaires, ni cookies de suivi tiers, ni pixels de réseaux sociaux, ni outils d'analyse qui vous suivent d'un site à l'autre. Notre boutique et nos pages sur les réseaux sociaux sont des sites distincts, avec leurs propres politiques relatives aux cookies ; ils ne déposent leurs cookies que lorsque vous les visitez.",
          },
        ],
      },
      {
        id: "your-choices",
        heading: "Vos choix",
        blocks: [
          {
            type: "list",
            items: [
              "Vous pouvez supprimer les cookies et les données du site à tout moment dans les réglages de votre navigateur.",
              "Sans le cookie de session, vous ne pouvez pas rester connecté, mais les cartes d'urgence et toutes les autres pages publiques fonctionnent toujours.",
              "Effacer la langue ou le thème ramène le site à la langue de votre navigateur et au thème automatique.",
              "Effacer les données du site supprime les copies hors ligne des cartes ; elles auront de nouveau besoin du réseau la fois suivante.",
            ],
          },
          {
            type: "p",
            text: "Ces cookies étant strictement nécessaires ou se limitant à retenir vos propres choix, nous n'affichons pas de bandeau de consentement. Si nous ajoutions un jour autre chose, nous vous demanderions d'abord votre accord et mettrions cette page à jour.",
          },
        ],
      },
    ],
  },
  vi: {
    seo: {
      title: "Chính sách cookie",
      description:
        "Những cookie và dữ liệu lưu cục bộ duy nhất mà SafeTap sử dụng: một cookie phiên, ngôn ngữ và giao diện của bạn, và bản sao ngoại tuyến của thẻ khẩn cấp. Không quảng cáo, không theo dõi của bên thứ ba.",
    },
    title: "Chính sách cookie",
    summary: [
      "SafeTap dùng hai cookie: một cookie giữ bạn đăng nhập, cookie còn lại ghi nhớ ngôn ngữ của bạn.",
      "Bộ nhớ cục bộ của trình duyệt ghi nhớ ngôn ngữ và giao diện của bạn, và lưu các thẻ khẩn cấp bạn đã xem để chúng mở được khi không có mạng.",
      "**Không có cookie quảng cáo hay cookie theo dõi của bên thứ ba**, và không có công cụ phân tích theo dõi bạn qua các trang web.",
    ],
    sections: [
      {
        id: "what-they-are",
        heading: "Cookie và bộ nhớ cục bộ là gì",
        blocks: [
          {
            type: "p",
            text: "Cookie là một đoạn văn bản nhỏ mà trang web nhờ trình duyệt lưu lại và gửi lại trong những lần truy cập sau. Bộ nhớ cục bộ là một vùng tương tự trong trình duyệt mà chỉ các trang của chính trang web đó đọc được; nó không bao giờ tự gửi đến chúng tôi. Chúng tôi chỉ dùng cả hai cho những gì trang web cần để hoạt động.",
          },
        ],
      },
      {
        id: "cookies-we-use",
        heading: "Các cookie chúng tôi sử dụng",
        blocks: [
          {
            type: "table",
            caption: "Cookie do SafeTap tạo",
            head: ["Tên", "Công dụng", "Thời hạn"],
            rows: [
              [
                "`safetap.session_token`",
                "Giữ bạn đăng nhập sau khi nhập mật khẩu và mã. Cookie này là HttpOnly (script không đọc được), SameSite=Lax (không gửi kèm các yêu cầu do trang web khác khởi tạo) và Secure khi chạy chính thức (chỉ gửi qua HTTPS, tên bắt đầu bằng `__Secure-`). Chỉ được tạo khi bạn đăng nhập.",
                "30 ngày, hoặc đến khi bạn đăng xuất",
              ],
              [
                "`lng`",
                "Ghi nhớ ngôn ngữ bạn đã chọn, để các trang và thẻ khẩn cấp mở bằng ngôn ngữ đó.",
                "1 năm",
              ],
            ],
          },
        ],
      },
      {
        id: "local-storage",
        heading: "Bộ nhớ cục bộ và bản sao ngoại tuyến",
        blocks: [
          {
            type: "table",
            caption: "Những gì SafeTap lưu trong trình duyệt của bạn",
            head: ["Tên", "Công dụng", "Thời hạn"],
            rows: [
              [
                "`lng`",
                "Ngôn ngữ của bạn, để vẫn giữ được ngay cả khi cookie bị xóa.",
                "Đến khi bạn xóa",
              ],
              [
                "`themeMode`",
                "Giao diện của bạn: tự động (tối vào ban đêm), theo hệ thống, sáng hoặc tối.",
                "Đến khi bạn xóa",
              ],
              [
                "Bản sao ngoại tuyến của thẻ khẩn cấp",
                "Các thẻ khẩn cấp bạn đã mở, để chúng mở lại được khi không có mạng, và mọi cảnh báo được nhấn khi ngoại tuyến, cho đến khi cảnh báo được gửi đi.",
                "Đến khi bạn xóa dữ liệu trang web trong trình duyệt",
              ],
            ],
          },
          {
            type: "p",
            text: "Bản sao ngoại tuyến nằm trên thiết bị đã mở thẻ. Nó không được gửi đi đâu, trừ cảnh báo đang chờ, được chuyển đến SafeTap ngay khi có mạng trở lại.",
          },
        ],
      },
      {
        id: "no-tracking",
        heading: "Không quảng cáo, không theo dõi",
        blocks: [
          {
            type: "p",
            text: "Chúng tôi không dùng cookie quảng cáo, cookie theo dõi của bên thứ ba, pixel mạng xã hội hay công cụ phân tích theo dõi bạn qua các trang web. Cửa hàng và các trang mạng xã hội của chúng tôi là những trang web riêng với chính sách cookie riêng; chúng chỉ tạo cookie khi bạn truy cập.",
          },
        ],
      },
      {
        id: "your-choices",
        heading: "Lựa chọn của bạn",
        blocks: [
          {
            type: "list",
            items: [
              "Bạn có thể xóa cookie và dữ liệu trang web trong phần cài đặt của trình duyệt bất cứ lúc nào.",
              "Không có cookie phiên, bạn không thể duy trì đăng nhập, nhưng thẻ khẩn cấp và mọi trang công khai khác vẫn hoạt động.",
              "Xóa ngôn ngữ hoặc giao diện sẽ đưa trang web về ngôn ngữ của trình duyệt và giao diện tự động.",
              "Xóa dữ liệu trang web sẽ xóa các bản sao ngoại tuyến của thẻ; lần sau thẻ sẽ lại cần có mạng.",
            ],
          },
          {
            type: "p",
            text: "Vì các cookie này là thực sự cần thiết hoặc chỉ ghi nhớ lựa chọn của chính bạn, chúng tôi không hiển thị thông báo xin đồng ý. Nếu sau này bổ sung bất cứ thứ gì khác, chúng tôi sẽ hỏi bạn trước và cập nhật trang này.",
          },
        ],
      },
    ],
  },
};
