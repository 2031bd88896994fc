import type { Article } from "#app/content/types.ts";

export const safetapForSchools: Article = {
  slug: "safetap-for-schools-and-attendance",
  date: "2026-11-10",
  text: {
    en: {
      title: "SafeTap for schools: emergency cards and attendance with one tag",
      summary:
        "How a school can give every pupil an emergency card, check children in and out on trips with reader mode, and keep parents in control of what is shown.",
      sections: [
        {
          id: "why",
          heading: "Why schools use tags",
          blocks: [
            {
              type: "p",
              text: "On a school trip, two teachers may be responsible for thirty children in an unfamiliar place. If a child is hurt or gets lost, the adults nearby need the same three answers as for anyone: who is this, what should we know, and who do we call? A SafeTap wristband or card gives each child an emergency card that a museum guard or a paramedic can read with their own phone, without an app.",
            },
          ],
        },
        {
          id: "parents",
          heading: "Parents stay in control",
          blocks: [
            {
              type: "list",
              items: [
                "A parent or guardian creates the child's profile and links the tag; the account stays theirs.",
                "They choose what the card shows: medical information on or off, and which contacts (the card shows up to three).",
                "Medical details are encrypted at rest, and every time someone reveals them it is logged.",
                "The school collects the consent its law requires and asks families to show only what staff and responders need.",
              ],
            },
          ],
        },
        {
          id: "reader-mode",
          heading: "Check-in and check-out with reader mode",
          blocks: [
            {
              type: "p",
              text: "Staff with the admin or moderator role can open reader mode on a phone. They choose Check In or Check Out, then scan each child's tag with NFC or with the camera. Every scan records the tag, the direction and the time. The screen shows the ten most recent scans so a teacher can count heads at a glance, and the list can be exported as a CSV file.",
            },
            {
              type: "steps",
              items: [
                "On the coach: Check In, and scan every child as they board.",
                "At the museum: Check Out when the group splits up, Check In when it comes back together.",
                "Back at school: a final Check In before the children go home.",
              ],
            },
            {
              type: "p",
              text: "Reader mode refuses tags it does not know and tags that are not active, so a tag that a parent has marked lost cannot be checked in by mistake.",
            },
          ],
        },
        {
          id: "setting-up",
          heading: "Setting it up for a class or a whole school",
          blocks: [
            {
              type: "p",
              text: "For a handful of children, each family can use its own account and tag. For a whole school, the Enterprise plan is designed for the job: users created in bulk from a spreadsheet, tags assigned to pupils, admin roles, attendance notifications to parents, and reports. [Talk to our team](/contact) or read more on the [For Organizations page](/for-organizations#schools).",
            },
          ],
        },
        {
          id: "before-the-trip",
          heading: "Before the trip",
          blocks: [
            {
              type: "list",
              items: [
                "Scan every tag once before leaving, to check that it reads and that the card is up to date.",
                "Make sure every adult knows that the card's alert button reaches the parents, but does not call emergency services: they still dial the local emergency number first.",
                "Keep a printed list of the children's Tag IDs in the trip folder, in case a phone battery runs out.",
              ],
            },
          ],
        },
      ],
    },
    es: {
      title:
        "SafeTap para escuelas: tarjetas de emergencia y control de asistencia con una sola etiqueta",
      summary:
        "Cómo puede una escuela dar a cada alumno una tarjeta de emergencia, registrar entradas y salidas en las excursiones con el modo lector y dejar que las familias decidan qué se muestra.",
      sections: [
        {
          id: "why",
          heading: "Por qué las escuelas usan etiquetas",
          blocks: [
            {
              type: "p",
              text: "En una excursión, dos docentes pueden ser responsables de treinta niños en un lugar desconocido. Si un niño se hace daño o se pierde, los adultos que están cerca necesitan las mismas tres respuestas que con cualquier persona: quién es, qué debemos saber y a quién llamamos. Una pulsera o una tarjeta SafeTap da a cada niño una tarjeta de emergencia que un vigilante de museo o un técnico de emergencias puede leer con su propio móvil, sin app.",
            },
          ],
        },
        {
          id: "parents",
          heading: "Las familias mantienen el control",
          blocks: [
            {
              type: "list",
              items: [
                "El padre, la madre o el tutor crea el perfil del niño y vincula la etiqueta; la cuenta sigue siendo suya.",
                "Elige qué muestra la tarjeta: información médica sí o no, y qué contactos (la tarjeta muestra hasta tres).",
                "Los datos médicos se guardan cifrados y cada vez que alguien los consulta queda registrado.",
                "La escuela recoge el consentimiento que exige su ley y pide a las familias que muestren solo lo que el personal y los servicios de emergencia necesitan.",
              ],
            },
          ],
        },
        {
          id: "reader-mode",
          heading: "Entradas y salidas con el modo lector",
          blocks: [
            {
              type: "p",
              text: "El personal con rol de administrador o moderador puede abrir el modo lector en un móvil. Elige Registrar entrada o Registrar salida y escanea la etiqueta de cada niño por NFC o con la cámara. Cada escaneo guarda la etiqueta, el sentido y la hora. La pantalla muestra los diez escaneos más recientes para que un docente pueda contar al grupo de un vistazo, y la lista se puede exportar como archivo CSV.",
            },
            {
              type: "steps",
              items: [
                "En el autocar: Registrar entrada, y escanear a cada niño al subir.",
                "En el museo: Registrar salida cuando el grupo se separa y Registrar entrada cuando vuelve a reunirse.",
                "De vuelta en la escuela: una última entrada antes de que los niños se vayan a casa.",
              ],
            },
            {
              type: "p",
              text: "El modo lector rechaza las etiquetas que no conoce y las que no están activas, así que una etiqueta que una familia ha marcado como perdida no se puede registrar por error.",
            },
          ],
        },
        {
          id: "setting-up",
          heading: "Cómo ponerlo en marcha en una clase o en toda la escuela",
          blocks: [
            {
              type: "p",
              text: "Para unos pocos niños, cada familia puede usar su propia cuenta y su etiqueta. Para toda una escuela, el plan Enterprise está pensado para ello: usuarios creados en bloque desde una hoja de cálculo, etiquetas asignadas a los alumnos, roles de administración, avisos de asistencia a las familias e informes. [Habla con nuestro equipo](/contact) o lee más en la [página Para organizaciones](/for-organizations#schools).",
            },
          ],
        },
        {
          id: "before-the-trip",
          heading: "Antes de la excursión",
          blocks: [
            {
              type: "list",
              items: [
                "Escanea cada etiqueta una vez antes de salir, para comprobar que se lee y que la tarjeta está al día.",
                "Asegúrate de que todos los adultos saben que el botón de alerta de la tarjeta avisa a las familias, pero no llama a los servicios de emergencia: deben marcar primero el número de emergencias local.",
                "Guarda en la carpeta de la excursión una lista impresa con los ID de etiqueta de los niños, por si se agota la batería de un móvil.",
              ],
            },
          ],
        },
      ],
    },
    fr: {
      title: "SafeTap à l'école : cartes d'urgence et appel avec une seule étiquette",
      summary:
        "Comment une école peut donner une carte d'urgence à chaque élève, pointer les enfants à l'aller et au retour des sorties avec le mode lecteur, et laisser les parents décider de ce qui s'affiche.",
      sections: [
        {
          id: "why",
          heading: "Pourquoi les écoles utilisent des étiquettes",
          blocks: [
            {
              type: "p",
              text: "En sortie scolaire, deux enseignants peuvent avoir la charge de trente enfants dans un lieu inconnu. Si un enfant se blesse ou se perd, les adultes à proximité ont besoin des trois mêmes réponses que pour n'importe qui : qui est-ce, que faut-il savoir, et qui appeler ? Un bracelet ou une carte SafeTap donne à chaque enfant une carte d'urgence qu'un agent de musée ou un secouriste peut lire avec son propre téléphone, sans application.",
            },
          ],
        },
        {
          id: "parents",
          heading: "Les parents gardent la main",
          blocks: [
            {
              type: "list",
              items: [
                "Un parent ou un tuteur crée le profil de l'enfant et associe l'étiquette ; le compte reste le sien.",
                "Il choisit ce qu'affiche la carte : informations médicales ou non, et quels contacts (la carte en affiche trois au maximum).",
                "Les informations médicales sont chiffrées au repos, et chaque consultation est journalisée.",
                "L'école recueille le consentement exigé par sa loi et demande aux familles de n'afficher que ce dont le personnel et les secours ont besoin.",
              ],
            },
          ],
        },
        {
          id: "reader-mode",
          heading: "Pointage à l'arrivée et au départ avec le mode lecteur",
          blocks: [
            {
              type: "p",
              text: "Le personnel ayant le rôle d'administrateur ou de modérateur peut ouvrir le mode lecteur sur un téléphone. Il choisit Entrée ou Sortie, puis scanne l'étiquette de chaque enfant par NFC ou avec l'appareil photo. Chaque scan enregistre l'étiquette, le sens et l'heure. L'écran affiche les dix derniers scans pour compter les enfants d'un coup d'œil, et la liste peut être exportée en fichier CSV.",
            },
            {
              type: "steps",
              items: [
                "Dans le car : Entrée, et on scanne chaque enfant qui monte.",
                "Au musée : Sortie quand le groupe se sépare, Entrée quand il se reforme.",
                "De retour à l'école : une dernière Entrée avant que les enfants rentrent chez eux.",
              ],
            },
            {
              type: "p",
              text: "Le mode lecteur refuse les étiquettes inconnues et celles qui ne sont pas actives : une étiquette déclarée perdue par un parent ne peut donc pas être pointée par erreur.",
            },
          ],
        },
        {
          id: "setting-up",
          heading: "La mise en place pour une classe ou toute une école",
          blocks: [
            {
              type: "p",
              text: "Pour quelques enfants, chaque famille peut utiliser son propre compte et son étiquette. Pour toute une école, la formule Enterprise est faite pour cela : comptes créés en masse à partir d'un tableur, étiquettes attribuées aux élèves, rôles d'administration, notifications de présence aux parents et rapports. [Parlez à notre équipe](/contact) ou lisez la [page Pour les organisations](/for-organizations#schools).",
            },
          ],
        },
        {
          id: "before-the-trip",
          heading: "Avant la sortie",
          blocks: [
            {
              type: "list",
              items: [
                "Scannez chaque étiquette une fois avant le départ pour vérifier qu'elle se lit et que la carte est à jour.",
                "Assurez-vous que chaque adulte sait que le bouton d'alerte de la carte prévient les parents, mais n'appelle pas les secours : il faut toujours composer d'abord le numéro d'urgence local.",
                "Gardez dans le dossier de la sortie une liste imprimée des identifiants d'étiquette des enfants, au cas où un téléphone tomberait en panne de batterie.",
              ],
            },
          ],
        },
      ],
    },
    vi: {
      title: "SafeTap cho trường học: thẻ khẩn cấp và điểm danh chỉ với một chiếc thẻ",
      summary:
        "Cách nhà trường trang bị cho mỗi học sinh một thẻ khẩn cấp, điểm danh vào và ra trong các chuyến đi bằng chế độ đọc thẻ, và để phụ huynh quyết định thẻ hiển thị những gì.",
      sections: [
        {
          id: "why",
          heading: "Vì sao trường học dùng thẻ",
          blocks: [
            {
              type: "p",
              text: "Trong chuyến dã ngoại, hai giáo viên có thể phải trông ba mươi em học sinh ở một nơi xa lạ. Nếu một em bị thương hoặc đi lạc, những người lớn gần đó cần ba câu trả lời như với bất kỳ ai: đây là ai, cần biết điều gì, và gọi cho ai? Vòng đeo tay hoặc thẻ ví SafeTap cho mỗi em một thẻ khẩn cấp mà bảo vệ bảo tàng hay nhân viên cấp cứu đều đọc được bằng điện thoại của chính họ, không cần ứng dụng.",
            },
          ],
        },
        {
          id: "parents",
          heading: "Phụ huynh luôn nắm quyền kiểm soát",
          blocks: [
            {
              type: "list",
              items: [
                "Cha mẹ hoặc người giám hộ tạo hồ sơ cho con và liên kết thẻ; tài khoản vẫn thuộc về họ.",
                "Họ chọn thẻ hiển thị gì: bật hay tắt thông tin y tế, và những người liên hệ nào (thẻ hiển thị tối đa ba người).",
                "Thông tin y tế được mã hóa khi lưu trữ, và mỗi lần có người mở xem đều được ghi nhật ký.",
                "Nhà trường thu thập sự đồng ý theo quy định pháp luật và đề nghị các gia đình chỉ hiển thị những gì nhân viên và lực lượng cấp cứu cần.",
              ],
            },
          ],
        },
        {
          id: "reader-mode",
          heading: "Điểm danh vào và ra bằng chế độ đọc thẻ",
          blocks: [
            {
              type: "p",
              text: "Nhân viên có vai trò quản trị viên hoặc điều phối viên có thể mở chế độ đọc thẻ trên điện thoại. Họ chọn Vào hoặc Ra, rồi quét thẻ của từng em bằng NFC hoặc bằng camera. Mỗi lần quét ghi lại thẻ, chiều vào ra và thời gian. Màn hình hiển thị mười lượt quét gần nhất để giáo viên đếm sĩ số chỉ trong nháy mắt, và danh sách có thể xuất ra tệp CSV.",
            },
            {
              type: "steps",
              items: [
                "Trên xe: chọn Vào, quét thẻ từng em khi lên xe.",
                "Ở bảo tàng: chọn Ra khi cả đoàn tách nhóm, chọn Vào khi tập trung lại.",
                "Về đến trường: điểm danh Vào lần cuối trước khi các em về nhà.",
              ],
            },
            {
              type: "p",
              text: "Chế độ đọc thẻ từ chối thẻ không xác định được và thẻ chưa kích hoạt, nên thẻ đã bị phụ huynh đánh dấu mất sẽ không bị điểm danh nhầm.",
            },
          ],
        },
        {
          id: "setting-up",
          heading: "Triển khai cho một lớp hoặc cả trường",
          blocks: [
            {
              type: "p",
              text: "Với vài em học sinh, mỗi gia đình có thể dùng tài khoản và thẻ riêng. Với cả trường, gói Enterprise được thiết kế cho việc này: tạo người dùng hàng loạt từ bảng tính, gán thẻ cho học sinh, phân quyền quản trị, gửi thông báo điểm danh cho phụ huynh và báo cáo. [Trao đổi với đội ngũ của chúng tôi](/contact) hoặc đọc thêm tại [trang Dành cho tổ chức](/for-organizations#schools).",
            },
          ],
        },
        {
          id: "before-the-trip",
          heading: "Trước chuyến đi",
          blocks: [
            {
              type: "list",
              items: [
                "Quét từng thẻ một lần trước khi khởi hành, để kiểm tra thẻ đọc được và thông tin đã cập nhật.",
                "Đảm bảo mọi người lớn đi cùng đều biết nút cảnh báo trên thẻ sẽ báo cho phụ huynh nhưng không gọi dịch vụ cấp cứu: họ vẫn phải gọi số khẩn cấp tại địa phương trước tiên.",
                "Để sẵn một danh sách in mã thẻ của các em trong bìa hồ sơ chuyến đi, phòng khi điện thoại hết pin.",
              ],
            },
          ],
        },
      ],
    },
  },
};
