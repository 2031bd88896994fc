import type { Article } from "#app/content/types.ts";

export const travellingAbroadWithSafetap: Article = {
  slug: "travelling-abroad-with-safetap",
  date: "2026-10-27",
  text: {
    en: {
      title: "Travelling abroad with a SafeTap tag: local emergency numbers and what to prepare",
      summary:
        "Your card opens in the reader's language and shows the local emergency number. What else to prepare before you go, with the numbers to know in eight countries.",
      sections: [
        {
          id: "their-language",
          heading: "Your card speaks their language",
          blocks: [
            {
              type: "p",
              text: "When someone scans your tag abroad, the card's labels, buttons and its “access is logged” warning appear in the language of their phone: English, Spanish, French or Vietnamese. The card also shows the emergency number for the country the reader is in. Your own notes stay as you wrote them, so put the essential line in the local language too; see [writing allergies and medications](/blog/writing-allergies-and-medications).",
            },
          ],
        },
        {
          id: "numbers",
          heading: "Emergency numbers to know",
          blocks: [
            {
              type: "table",
              caption: "Emergency numbers by country",
              head: ["Country", "Number", "Good to know"],
              rows: [
                ["United States", "911", "Police, fire and ambulance"],
                ["Canada", "911", "Police, fire and ambulance"],
                ["Mexico", "911", "Single national emergency number"],
                ["United Kingdom", "999 or 112", "Both work from any phone"],
                ["Spain", "112", "European emergency number"],
                ["France", "112", "Also 15 (medical emergencies), 17 (police), 18 (fire)"],
                ["Australia", "000", "112 also works from mobile phones"],
                ["Vietnam", "115", "Ambulance; 113 for police, 114 for fire"],
              ],
            },
            {
              type: "p",
              text: "112 works from mobile phones everywhere in the European Union and in many other countries. Save the number for your destination in your phone before you leave.",
            },
          ],
        },
        {
          id: "before-you-go",
          heading: "Before you go",
          blocks: [
            {
              type: "list",
              items: [
                "Check that your contacts' numbers are in international format (+ and the country code), so they can be called and texted from anywhere.",
                "Add a contact who is awake in your time zone, or who travels with you.",
                "Open your own card once on your phone and on your travel companion's: a card viewed once opens again on that phone without a network.",
                "Write medicines by their generic name, and carry them in your hand luggage with the prescription.",
                "Put your travel insurer's emergency assistance number in your medical notes.",
                "Send a test alert to check that messages reach your contacts while you are away.",
              ],
            },
          ],
        },
        {
          id: "no-signal",
          heading: "When there is no signal",
          blocks: [
            {
              type: "p",
              text: "With roaming off, in the mountains or underground, a card that has already been viewed on a phone still opens there. Its call and text buttons use the ordinary phone network, which often works when mobile data does not. If someone presses Send Emergency Alert while offline, the alert is stored on their phone and sent as soon as it reconnects.",
            },
          ],
        },
        {
          id: "which-tag",
          heading: "Which tag to travel with",
          blocks: [
            {
              type: "p",
              text: "A [wristband](/products/wristbands) stays on at the beach and in the pool. A [card](/products/cards) lives with your passport. A [keychain](/products/keychains) goes on the hire car keys or the hotel key. Many travellers take two.",
            },
            {
              type: "note",
              text: "Wherever you are, call the local emergency number first. SafeTap helps the people around you; it does not replace emergency services.",
            },
          ],
        },
      ],
    },
    es: {
      title:
        "Viajar al extranjero con una etiqueta SafeTap: números de emergencia locales y qué preparar",
      summary:
        "Tu tarjeta se abre en el idioma de quien la lee y muestra el número de emergencias local. Qué más preparar antes de salir, con los números que conviene saber en ocho países.",
      sections: [
        {
          id: "their-language",
          heading: "Tu tarjeta habla su idioma",
          blocks: [
            {
              type: "p",
              text: "Cuando alguien escanea tu etiqueta en el extranjero, las etiquetas, los botones y el aviso de «el acceso queda registrado» aparecen en el idioma de su móvil: inglés, español, francés o vietnamita. La tarjeta también muestra el número de emergencias del país donde está quien la lee. Tus propias notas se quedan tal como las escribiste, así que pon también la línea esencial en el idioma local; consulta [cómo escribir alergias y medicamentos](/blog/writing-allergies-and-medications).",
            },
          ],
        },
        {
          id: "numbers",
          heading: "Números de emergencia que conviene saber",
          blocks: [
            {
              type: "table",
              caption: "Números de emergencia por país",
              head: ["País", "Número", "Conviene saber"],
              rows: [
                ["Estados Unidos", "911", "Policía, bomberos y ambulancia"],
                ["Canadá", "911", "Policía, bomberos y ambulancia"],
                ["México", "911", "Número nacional único de emergencias"],
                ["Reino Unido", "999 o 112", "Los dos funcionan desde cualquier teléfono"],
                ["España", "112", "Número europeo de emergencias"],
                ["Francia", "112", "También 15 (urgencias médicas), 17 (policía), 18 (bomberos)"],
                ["Australia", "000", "El 112 también funciona desde móviles"],
                ["Vietnam", "115", "Ambulancia; 113 policía, 114 bomberos"],
              ],
            },
            {
              type: "p",
              text: "El 112 funciona desde el móvil en toda la Unión Europea y en muchos otros países. Guarda el número de tu destino en el móvil antes de salir.",
            },
          ],
        },
        {
          id: "before-you-go",
          heading: "Antes de salir",
          blocks: [
            {
              type: "list",
              items: [
                "Comprueba que los números de tus contactos están en formato internacional (+ y el prefijo del país), para que se les pueda llamar y escribir desde cualquier lugar.",
                "Añade un contacto que esté despierto en tu zona horaria o que viaje contigo.",
                "Abre tu propia tarjeta una vez en tu móvil y en el de tu acompañante: una tarjeta vista una vez vuelve a abrirse en ese móvil sin conexión.",
                "Anota los medicamentos por su nombre genérico y llévalos en el equipaje de mano con la receta.",
                "Pon en tus notas médicas el teléfono de asistencia de tu seguro de viaje.",
                "Envía una alerta de prueba para comprobar que los mensajes llegan a tus contactos mientras estás fuera.",
              ],
            },
          ],
        },
        {
          id: "no-signal",
          heading: "Cuando no hay cobertura",
          blocks: [
            {
              type: "p",
              text: "Con la itinerancia desactivada, en la montaña o bajo tierra, una tarjeta que ya se vio en un móvil sigue abriéndose en él. Sus botones de llamar y enviar mensajes usan la red telefónica normal, que a menudo funciona cuando los datos móviles no. Si alguien pulsa Enviar alerta de emergencia sin conexión, la alerta se guarda en su móvil y se envía en cuanto vuelve a conectarse.",
            },
          ],
        },
        {
          id: "which-tag",
          heading: "Qué etiqueta llevar de viaje",
          blocks: [
            {
              type: "p",
              text: "Una [pulsera](/products/wristbands) se queda puesta en la playa y en la piscina. Una [tarjeta](/products/cards) va con el pasaporte. Un [llavero](/products/keychains) va en las llaves del coche de alquiler o del hotel. Muchos viajeros llevan dos.",
            },
            {
              type: "note",
              text: "Estés donde estés, llama primero al número de emergencias local. SafeTap ayuda a las personas que tienes alrededor; no sustituye a los servicios de emergencia.",
            },
          ],
        },
      ],
    },
    fr: {
      title:
        "Voyager à l'étranger avec une étiquette SafeTap : numéros d'urgence locaux et préparatifs",
      summary:
        "Votre carte s'ouvre dans la langue de la personne qui la lit et affiche le numéro d'urgence local. Ce qu'il reste à préparer avant de partir, avec les numéros à connaître dans huit pays.",
      sections: [
        {
          id: "their-language",
          heading: "Votre carte parle leur langue",
          blocks: [
            {
              type: "p",
              text: "Quand quelqu'un scanne votre étiquette à l'étranger, les libellés, les boutons et l'avertissement « l'accès est journalisé » s'affichent dans la langue de son téléphone : anglais, espagnol, français ou vietnamien. La carte indique aussi le numéro d'urgence du pays où se trouve la personne. Vos propres notes restent telles que vous les avez écrites : ajoutez donc la ligne essentielle dans la langue locale ; voir [comment écrire allergies et médicaments](/blog/writing-allergies-and-medications).",
            },
          ],
        },
        {
          id: "numbers",
          heading: "Les numéros d'urgence à connaître",
          blocks: [
            {
              type: "table",
              caption: "Numéros d'urgence par pays",
              head: ["Pays", "Numéro", "Bon à savoir"],
              rows: [
                ["États-Unis", "911", "Police, pompiers et ambulance"],
                ["Canada", "911", "Police, pompiers et ambulance"],
                ["Mexique", "911", "Numéro d'urgence national unique"],
                [
                  "Royaume-Uni",
                  "999 ou 112",
                  "Les deux fonctionnent depuis n'importe quel téléphone",
                ],
                ["Espagne", "112", "Numéro d'urgence européen"],
                ["France", "112", "Aussi le 15 (SAMU), le 17 (police) et le 18 (pompiers)"],
                ["Australie", "000", "Le 112 fonctionne aussi depuis un mobile"],
                ["Vietnam", "115", "Ambulance ; 113 police, 114 pompiers"],
              ],
            },
            {
              type: "p",
              text: "Le 112 fonctionne depuis un mobile dans toute l'Union européenne et dans de nombreux autres pays. Enregistrez le numéro de votre destination dans votre téléphone avant de partir.",
            },
          ],
        },
        {
          id: "before-you-go",
          heading: "Avant de partir",
          blocks: [
            {
              type: "list",
              items: [
                "Vérifiez que les numéros de vos contacts sont au format international (+ et l'indicatif du pays), pour pouvoir les appeler et leur écrire de partout.",
                "Ajoutez un contact éveillé dans votre fuseau horaire, ou qui voyage avec vous.",
                "Ouvrez une fois votre propre carte sur votre téléphone et sur celui de votre compagnon de voyage : une carte consultée une fois se rouvre sur ce téléphone sans réseau.",
                "Notez vos médicaments sous leur dénomination commune et gardez-les en cabine avec l'ordonnance.",
                "Indiquez dans vos notes médicales le numéro d'assistance de votre assurance voyage.",
                "Envoyez une alerte de test pour vérifier que les messages parviennent à vos contacts pendant votre absence.",
              ],
            },
          ],
        },
        {
          id: "no-signal",
          heading: "Quand il n'y a pas de réseau",
          blocks: [
            {
              type: "p",
              text: "Itinérance coupée, en montagne ou sous terre, une carte déjà consultée sur un téléphone s'y ouvre toujours. Ses boutons d'appel et de SMS passent par le réseau téléphonique classique, qui fonctionne souvent quand les données mobiles ne passent pas. Si quelqu'un appuie sur Envoyer une alerte d'urgence hors ligne, l'alerte est conservée sur son téléphone et part dès qu'il se reconnecte.",
            },
          ],
        },
        {
          id: "which-tag",
          heading: "Quelle étiquette emporter",
          blocks: [
            {
              type: "p",
              text: "Un [bracelet](/products/wristbands) reste au poignet à la plage et à la piscine. Une [carte](/products/cards) voyage avec votre passeport. Un [porte-clés](/products/keychains) se fixe aux clés de la voiture de location ou de l'hôtel. Beaucoup de voyageurs en emportent deux.",
            },
            {
              type: "note",
              text: "Où que vous soyez, appelez d'abord le numéro d'urgence local. SafeTap aide les personnes autour de vous ; il ne remplace pas les secours.",
            },
          ],
        },
      ],
    },
    vi: {
      title:
        "Mang thẻ SafeTap khi ra nước ngoài: số khẩn cấp địa phương và những điều cần chuẩn bị",
      summary:
        "Thẻ của bạn mở bằng ngôn ngữ của người đọc và hiển thị số khẩn cấp tại địa phương. Những gì cần chuẩn bị thêm trước khi đi, kèm các số cần biết ở tám quốc gia.",
      sections: [
        {
          id: "their-language",
          heading: "Thẻ của bạn nói ngôn ngữ của họ",
          blocks: [
            {
              type: "p",
              text: "Khi ai đó quét thẻ của bạn ở nước ngoài, nhãn, nút bấm và lời cảnh báo “việc truy cập sẽ được ghi nhật ký” hiển thị bằng ngôn ngữ trên điện thoại của họ: tiếng Anh, tiếng Tây Ban Nha, tiếng Pháp hoặc tiếng Việt. Thẻ cũng hiển thị số khẩn cấp của quốc gia nơi người đọc đang ở. Phần ghi chú của bạn vẫn giữ nguyên như bạn viết, vì vậy hãy ghi thêm dòng quan trọng nhất bằng tiếng địa phương; xem bài [cách ghi dị ứng và thuốc](/blog/writing-allergies-and-medications).",
            },
          ],
        },
        {
          id: "numbers",
          heading: "Các số khẩn cấp cần biết",
          blocks: [
            {
              type: "table",
              caption: "Số khẩn cấp theo quốc gia",
              head: ["Quốc gia", "Số", "Nên biết"],
              rows: [
                ["Hoa Kỳ", "911", "Cảnh sát, cứu hỏa và cấp cứu"],
                ["Canada", "911", "Cảnh sát, cứu hỏa và cấp cứu"],
                ["Mexico", "911", "Số khẩn cấp chung toàn quốc"],
                ["Vương quốc Anh", "999 hoặc 112", "Cả hai số đều gọi được từ mọi điện thoại"],
                ["Tây Ban Nha", "112", "Số khẩn cấp chung của châu Âu"],
                ["Pháp", "112", "Ngoài ra 15 (cấp cứu y tế), 17 (cảnh sát), 18 (cứu hỏa)"],
                ["Úc", "000", "Số 112 cũng gọi được từ điện thoại di động"],
                ["Việt Nam", "115", "Cấp cứu y tế; 113 công an, 114 cứu hỏa"],
              ],
            },
            {
              type: "p",
              text: "Số 112 gọi được từ điện thoại di động ở mọi nước thuộc Liên minh châu Âu và nhiều quốc gia khác. Hãy lưu số khẩn cấp của nơi bạn đến vào điện thoại trước khi khởi hành.",
            },
          ],
        },
        {
          id: "before-you-go",
          heading: "Trước khi đi",
          blocks: [
            {
              type: "list",
              items: [
                "Kiểm tra số của người liên hệ đã ở định dạng quốc tế (dấu + và mã quốc gia) để có thể gọi và nhắn tin từ bất cứ đâu.",
                "Thêm một người liên hệ thức cùng múi giờ với bạn, hoặc người đi cùng bạn.",
                "Mở thẻ của chính bạn một lần trên điện thoại của bạn và của người đi cùng: thẻ đã xem một lần sẽ mở lại được trên máy đó khi không có mạng.",
                "Ghi thuốc theo tên hoạt chất, và mang thuốc trong hành lý xách tay cùng đơn thuốc.",
                "Ghi số điện thoại hỗ trợ khẩn cấp của bảo hiểm du lịch vào phần ghi chú y tế.",
                "Gửi một cảnh báo thử để chắc chắn tin nhắn đến được người liên hệ trong lúc bạn đi xa.",
              ],
            },
          ],
        },
        {
          id: "no-signal",
          heading: "Khi không có sóng",
          blocks: [
            {
              type: "p",
              text: "Khi tắt chuyển vùng quốc tế, khi ở trên núi hay dưới lòng đất, thẻ đã được xem trên một điện thoại vẫn mở được trên máy đó. Nút gọi và nhắn tin dùng mạng điện thoại thông thường, vốn thường vẫn hoạt động khi dữ liệu di động thì không. Nếu ai đó nhấn Gửi cảnh báo khẩn cấp khi đang ngoại tuyến, cảnh báo được lưu trên điện thoại của họ và gửi đi ngay khi có kết nối lại.",
            },
          ],
        },
        {
          id: "which-tag",
          heading: "Nên mang loại thẻ nào khi đi du lịch",
          blocks: [
            {
              type: "p",
              text: "[Vòng đeo tay](/products/wristbands) vẫn đeo được khi ra biển và xuống hồ bơi. [Thẻ ví](/products/cards) đi cùng hộ chiếu. [Móc khóa](/products/keychains) gắn vào chìa khóa xe thuê hoặc chìa khóa khách sạn. Nhiều người mang theo hai loại.",
            },
            {
              type: "note",
              text: "Dù ở đâu, hãy gọi số khẩn cấp tại địa phương trước tiên. SafeTap giúp những người xung quanh bạn; SafeTap không thay thế dịch vụ cấp cứu.",
            },
          ],
        },
      ],
    },
  },
};
