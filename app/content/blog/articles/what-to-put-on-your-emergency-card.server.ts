import type { Article } from "#app/content/types.ts";

export const whatToPutOnYourEmergencyCard: Article = {
  slug: "what-to-put-on-your-emergency-card",
  date: "2026-09-08",
  text: {
    en: {
      title: "What to put on your emergency card, and what to leave off",
      summary:
        "A stranger will read your card in the first minutes of an emergency. What helps them, what does not, and how to write it so it can be read in seconds.",
      sections: [
        {
          id: "first-minutes",
          heading: "Write for the first ten minutes",
          blocks: [
            {
              type: "p",
              text: "Your emergency card is not a medical record. It is read by a passer-by, a teacher or a paramedic in the minutes before anyone knows who you are. Everything on it should answer one question: what does this person need to know right now to help me safely?",
            },
          ],
        },
        {
          id: "always",
          heading: "Always include",
          blocks: [
            {
              type: "list",
              items: [
                "**Your name**, the one people call you, so a helper can talk to you and reassure you.",
                "**At least one emergency contact** who answers the phone, with a number written in international format (+ and the country code).",
                "**Severe allergies**, especially to medicines, foods and insect stings.",
                "**Conditions that change what a helper should do**: diabetes, epilepsy, a heart condition, severe asthma, a pacemaker, blood thinners, pregnancy.",
              ],
            },
          ],
        },
        {
          id: "often-useful",
          heading: "Often useful",
          blocks: [
            {
              type: "list",
              items: [
                "**Blood type**, if you know it for certain. Hospitals test anyway, but it can help.",
                "**Medicines you take every day**, with the dose when it matters, such as insulin or anticoagulants.",
                "**How to communicate with you**: “Deaf, please write things down”, “Autistic, may not answer questions”, “Speaks Vietnamese and a little English”.",
                "**Date of birth**, which helps identify you, and helps dose medicines for children.",
              ],
            },
          ],
        },
        {
          id: "leave-off",
          heading: "What to leave off",
          blocks: [
            {
              type: "list",
              items: [
                "Your home address and your passport or ID numbers. A tag found in the street should not tell a stranger where you live.",
                "Old or resolved conditions, which only distract.",
                "Long histories. If it does not change what someone does in the first hour, it belongs with your doctor, not on your card.",
                "Anything you would not want a stranger to read. Whoever holds your tag sees your name and, after a logged warning, your medical information if you turned it on for that tag.",
              ],
            },
          ],
        },
        {
          id: "how-to-write",
          heading: "Write it so it can be read in seconds",
          blocks: [
            {
              type: "list",
              items: [
                "Short lines, one fact per line.",
                "Most important first: “Severe allergy: penicillin” before “Mild hay fever”.",
                "Plain words, not abbreviations: “high blood pressure” rather than “HTN”.",
                "Say what to do when it matters: “Diabetic. If confused or sweaty, give sugar.”",
              ],
            },
          ],
        },
        {
          id: "on-safetap",
          heading: "How SafeTap shows it",
          blocks: [
            {
              type: "p",
              text: "Your name is at the top of the card. Medical information appears only if you turned it on for that tag, and only after the reader confirms that their access is logged. Up to three contacts appear as call and text buttons. The card's labels and warnings are translated into the reader's language, but your own text is shown as you wrote it, so keep it simple. Our article on [writing allergies and medications](/blog/writing-allergies-and-medications) goes further.",
            },
            {
              type: "note",
              text: "Review your card every six months, and whenever a medicine or a phone number changes. Then scan your own tag to see exactly what a stranger will see.",
            },
          ],
        },
      ],
    },
    es: {
      title: "Qué poner en tu tarjeta de emergencia y qué dejar fuera",
      summary:
        "Un desconocido leerá tu tarjeta en los primeros minutos de una emergencia. Qué le ayuda, qué no y cómo escribirlo para que se lea en segundos.",
      sections: [
        {
          id: "first-minutes",
          heading: "Escribe para los diez primeros minutos",
          blocks: [
            {
              type: "p",
              text: "Tu tarjeta de emergencia no es un historial médico. La lee alguien que pasaba, una profesora o un técnico de emergencias en los minutos en que nadie sabe aún quién eres. Todo lo que contenga debe responder a una pregunta: ¿qué necesita saber esta persona ahora mismo para ayudarme sin riesgo?",
            },
          ],
        },
        {
          id: "always",
          heading: "Incluye siempre",
          blocks: [
            {
              type: "list",
              items: [
                "**Tu nombre**, el que usa la gente para llamarte, para que quien te ayude pueda hablarte y tranquilizarte.",
                "**Al menos un contacto de emergencia** que conteste al teléfono, con el número en formato internacional (+ y el prefijo del país).",
                "**Las alergias graves**, sobre todo a medicamentos, alimentos y picaduras de insectos.",
                "**Las afecciones que cambian lo que debe hacer quien ayuda**: diabetes, epilepsia, una afección cardiaca, asma grave, un marcapasos, anticoagulantes, embarazo.",
              ],
            },
          ],
        },
        {
          id: "often-useful",
          heading: "Suele ser útil",
          blocks: [
            {
              type: "list",
              items: [
                "**El grupo sanguíneo**, si lo sabes con seguridad. En el hospital lo analizarán igualmente, pero puede ayudar.",
                "**Los medicamentos que tomas a diario**, con la dosis cuando importa, como la insulina o los anticoagulantes.",
                "**Cómo comunicarse contigo**: «Sordo, por favor escríbamelo», «Autista, puede que no responda a preguntas», «Hablo vietnamita y algo de español».",
                "**La fecha de nacimiento**, que ayuda a identificarte y a calcular la dosis de medicamentos en niños.",
              ],
            },
          ],
        },
        {
          id: "leave-off",
          heading: "Qué dejar fuera",
          blocks: [
            {
              type: "list",
              items: [
                "Tu dirección y los números de tu pasaporte o DNI. Una etiqueta encontrada en la calle no debería decirle a un desconocido dónde vives.",
                "Afecciones antiguas o ya resueltas, que solo distraen.",
                "Historias largas. Si no cambia lo que alguien hará en la primera hora, su sitio es la consulta de tu médico, no tu tarjeta.",
                "Cualquier cosa que no quieras que lea un desconocido. Quien tenga tu etiqueta ve tu nombre y, tras un aviso que queda registrado, tu información médica si la activaste para esa etiqueta.",
              ],
            },
          ],
        },
        {
          id: "how-to-write",
          heading: "Escríbelo para que se lea en segundos",
          blocks: [
            {
              type: "list",
              items: [
                "Frases cortas, un dato por línea.",
                "Lo más importante primero: «Alergia grave: penicilina» antes que «Alergia leve al polen».",
                "Palabras sencillas, sin abreviaturas: «tensión alta» mejor que «HTA».",
                "Di qué hacer cuando importa: «Diabético. Si está confuso o sudoroso, darle azúcar».",
              ],
            },
          ],
        },
        {
          id: "on-safetap",
          heading: "Cómo lo muestra SafeTap",
          blocks: [
            {
              type: "p",
              text: "Tu nombre aparece arriba en la tarjeta. La información médica solo aparece si la activaste para esa etiqueta, y solo después de que quien la lee confirme que su acceso queda registrado. Hasta tres contactos aparecen como botones para llamar o enviar un mensaje. Las etiquetas y avisos de la tarjeta se traducen al idioma de quien la lee, pero tu propio texto se muestra tal como lo escribiste, así que mantenlo sencillo. Nuestro artículo sobre [cómo escribir alergias y medicamentos](/blog/writing-allergies-and-medications) profundiza en ello.",
            },
            {
              type: "note",
              text: "Revisa tu tarjeta cada seis meses y cada vez que cambie un medicamento o un número de teléfono. Después, escanea tu propia etiqueta para ver exactamente lo que verá un desconocido.",
            },
          ],
        },
      ],
    },
    fr: {
      title: "Que mettre sur votre carte d'urgence, et que laisser de côté",
      summary:
        "Un inconnu lira votre carte dans les premières minutes d'une urgence. Ce qui l'aide, ce qui ne l'aide pas, et comment l'écrire pour qu'elle se lise en quelques secondes.",
      sections: [
        {
          id: "first-minutes",
          heading: "Écrivez pour les dix premières minutes",
          blocks: [
            {
              type: "p",
              text: "Votre carte d'urgence n'est pas un dossier médical. Elle est lue par un passant, une enseignante ou un secouriste dans les minutes où personne ne sait encore qui vous êtes. Tout ce qu'elle contient doit répondre à une seule question : que doit savoir cette personne, tout de suite, pour m'aider sans danger ?",
            },
          ],
        },
        {
          id: "always",
          heading: "À toujours indiquer",
          blocks: [
            {
              type: "list",
              items: [
                "**Votre prénom et votre nom**, tels qu'on vous appelle, pour que la personne qui aide puisse vous parler et vous rassurer.",
                "**Au moins un contact d'urgence** qui décroche, avec un numéro au format international (+ et l'indicatif du pays).",
                "**Les allergies graves**, en particulier aux médicaments, aux aliments et aux piqûres d'insectes.",
                "**Les maladies qui changent les gestes à faire** : diabète, épilepsie, maladie cardiaque, asthme sévère, stimulateur cardiaque, anticoagulants, grossesse.",
              ],
            },
          ],
        },
        {
          id: "often-useful",
          heading: "Souvent utile",
          blocks: [
            {
              type: "list",
              items: [
                "**Le groupe sanguin**, si vous le connaissez avec certitude. L'hôpital le vérifiera de toute façon, mais cela peut aider.",
                "**Les médicaments pris chaque jour**, avec la dose quand elle compte, comme l'insuline ou les anticoagulants.",
                "**Comment communiquer avec vous** : « Sourd, merci d'écrire », « Autiste, peut ne pas répondre aux questions », « Parle vietnamien et un peu français ».",
                "**La date de naissance**, qui aide à vous identifier et à doser les médicaments chez l'enfant.",
              ],
            },
          ],
        },
        {
          id: "leave-off",
          heading: "Ce qu'il vaut mieux laisser de côté",
          blocks: [
            {
              type: "list",
              items: [
                "Votre adresse et vos numéros de passeport ou de carte d'identité. Une étiquette trouvée dans la rue ne doit pas indiquer à un inconnu où vous habitez.",
                "Les problèmes anciens ou guéris, qui ne font que distraire.",
                "Les longs historiques. Si cela ne change rien à ce qu'on fera dans la première heure, c'est à votre médecin de le savoir, pas à votre carte.",
                "Tout ce que vous ne voudriez pas qu'un inconnu lise. Quiconque détient votre étiquette voit votre nom et, après un avertissement journalisé, vos informations médicales si vous les avez activées pour cette étiquette.",
              ],
            },
          ],
        },
        {
          id: "how-to-write",
          heading: "Écrivez pour être lu en quelques secondes",
          blocks: [
            {
              type: "list",
              items: [
                "Des lignes courtes, une information par ligne.",
                "Le plus important d'abord : « Allergie grave : pénicilline » avant « Rhume des foins léger ».",
                "Des mots simples plutôt que des abréviations : « hypertension » plutôt que « HTA ».",
                "Dites quoi faire quand c'est important : « Diabétique. Si confus ou en sueur, donner du sucre. »",
              ],
            },
          ],
        },
        {
          id: "on-safetap",
          heading: "Comment SafeTap l'affiche",
          blocks: [
            {
              type: "p",
              text: "Votre nom figure en haut de la carte. Les informations médicales n'apparaissent que si vous les avez activées pour cette étiquette, et seulement après que la personne a confirmé que son accès est journalisé. Jusqu'à trois contacts s'affichent sous forme de boutons pour appeler ou envoyer un SMS. Les libellés et avertissements de la carte sont traduits dans la langue de la personne qui lit, mais votre propre texte s'affiche tel que vous l'avez écrit : restez simple. Notre article sur [la rédaction des allergies et des médicaments](/blog/writing-allergies-and-medications) va plus loin.",
            },
            {
              type: "note",
              text: "Relisez votre carte tous les six mois, et dès qu'un médicament ou un numéro change. Scannez ensuite votre propre étiquette pour voir exactement ce que verra un inconnu.",
            },
          ],
        },
      ],
    },
    vi: {
      title: "Nên ghi gì lên thẻ khẩn cấp, và nên bỏ qua điều gì",
      summary:
        "Một người lạ sẽ đọc thẻ của bạn trong những phút đầu của tình huống khẩn cấp. Điều gì giúp được họ, điều gì không, và cách viết để đọc được chỉ trong vài giây.",
      sections: [
        {
          id: "first-minutes",
          heading: "Viết cho mười phút đầu tiên",
          blocks: [
            {
              type: "p",
              text: "Thẻ khẩn cấp không phải là hồ sơ bệnh án. Người đọc nó là người qua đường, giáo viên hoặc nhân viên cấp cứu, trong những phút chưa ai biết bạn là ai. Mọi thứ trên thẻ nên trả lời một câu hỏi: người này cần biết gì ngay lúc này để giúp tôi một cách an toàn?",
            },
          ],
        },
        {
          id: "always",
          heading: "Luôn ghi",
          blocks: [
            {
              type: "list",
              items: [
                "**Tên của bạn**, tên mọi người vẫn gọi, để người giúp đỡ có thể nói chuyện và trấn an bạn.",
                "**Ít nhất một người liên hệ khẩn cấp** luôn nghe máy, với số điện thoại ghi theo định dạng quốc tế (dấu + và mã quốc gia).",
                "**Dị ứng nghiêm trọng**, đặc biệt với thuốc, thực phẩm và côn trùng đốt.",
                "**Bệnh lý làm thay đổi cách người giúp đỡ cần xử lý**: tiểu đường, động kinh, bệnh tim, hen suyễn nặng, máy tạo nhịp tim, thuốc chống đông máu, đang mang thai.",
              ],
            },
          ],
        },
        {
          id: "often-useful",
          heading: "Thường hữu ích",
          blocks: [
            {
              type: "list",
              items: [
                "**Nhóm máu**, nếu bạn biết chắc chắn. Bệnh viện vẫn sẽ xét nghiệm, nhưng thông tin này có thể giúp ích.",
                "**Thuốc bạn dùng hằng ngày**, kèm liều lượng khi cần thiết, chẳng hạn insulin hoặc thuốc chống đông.",
                "**Cách giao tiếp với bạn**: “Khiếm thính, vui lòng viết ra giấy”, “Tự kỷ, có thể không trả lời câu hỏi”, “Nói tiếng Việt và một chút tiếng Anh”.",
                "**Ngày sinh**, giúp nhận dạng bạn và giúp tính liều thuốc cho trẻ em.",
              ],
            },
          ],
        },
        {
          id: "leave-off",
          heading: "Những gì nên bỏ qua",
          blocks: [
            {
              type: "list",
              items: [
                "Địa chỉ nhà và số hộ chiếu hoặc căn cước. Một chiếc thẻ rơi ngoài đường không nên cho người lạ biết bạn sống ở đâu.",
                "Bệnh cũ hoặc đã khỏi, vì chúng chỉ gây nhiễu.",
                "Tiền sử dài dòng. Nếu thông tin không làm thay đổi việc người khác cần làm trong giờ đầu tiên, hãy để bác sĩ của bạn giữ, đừng ghi lên thẻ.",
                "Bất cứ điều gì bạn không muốn người lạ đọc. Ai cầm thẻ của bạn cũng thấy tên bạn và, sau một lời cảnh báo có ghi nhật ký, thông tin y tế nếu bạn đã bật cho thẻ đó.",
              ],
            },
          ],
        },
        {
          id: "how-to-write",
          heading: "Viết sao cho đọc được trong vài giây",
          blocks: [
            {
              type: "list",
              items: [
                "Câu ngắn, mỗi dòng một thông tin.",
                "Điều quan trọng nhất lên trước: “Dị ứng nặng: penicillin” trước “Viêm mũi dị ứng nhẹ”.",
                "Dùng từ dễ hiểu, không viết tắt: “huyết áp cao” thay vì “THA”.",
                "Nói rõ cần làm gì khi điều đó quan trọng: “Bị tiểu đường. Nếu lú lẫn hoặc vã mồ hôi, cho uống nước đường.”",
              ],
            },
          ],
        },
        {
          id: "on-safetap",
          heading: "SafeTap hiển thị thông tin ra sao",
          blocks: [
            {
              type: "p",
              text: "Tên của bạn nằm ở đầu thẻ. Thông tin y tế chỉ hiện ra nếu bạn đã bật cho thẻ đó, và chỉ sau khi người đọc xác nhận rằng việc truy cập sẽ được ghi nhật ký. Tối đa ba người liên hệ hiển thị dưới dạng nút gọi và nhắn tin. Nhãn và cảnh báo trên thẻ được dịch sang ngôn ngữ của người đọc, nhưng phần bạn tự viết sẽ hiển thị đúng như bạn viết, nên hãy viết thật đơn giản. Bài viết về [cách ghi dị ứng và thuốc](/blog/writing-allergies-and-medications) sẽ hướng dẫn kỹ hơn.",
            },
            {
              type: "note",
              text: "Hãy xem lại thẻ sáu tháng một lần, và mỗi khi thay đổi thuốc hoặc số điện thoại. Sau đó quét chính thẻ của bạn để thấy đúng những gì người lạ sẽ thấy.",
            },
          ],
        },
      ],
    },
  },
};
