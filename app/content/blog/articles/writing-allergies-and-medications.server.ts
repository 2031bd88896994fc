import type { Article } from "#app/content/types.ts";

export const writingAllergiesAndMedications: Article = {
  slug: "writing-allergies-and-medications",
  date: "2026-10-13",
  text: {
    en: {
      title: "Allergies and medications: writing them so a stranger understands",
      summary:
        "The person helping you may not be a doctor, or speak your language. How to write allergies, medicines and conditions in words anyone can act on.",
      sections: [
        {
          id: "reader",
          heading: "Picture the reader",
          blocks: [
            {
              type: "p",
              text: "It may be a teenager, a bus driver or a paramedic in another country. They will be stressed, perhaps outside in the dark, reading a small screen. SafeTap translates the card's labels into their language, but your own words are shown exactly as you wrote them. Write for that person.",
            },
          ],
        },
        {
          id: "allergies",
          heading: "Allergies: name it, rate it, say what happens",
          blocks: [
            {
              type: "list",
              items: [
                "**Name the trigger precisely**: “penicillin and amoxicillin”, not “some antibiotics”.",
                "**Say how serious it is**: “SEVERE: anaphylaxis” or “mild rash only”.",
                "**Say what to do**: “Adrenaline pen in left jacket pocket. Use it, then call the emergency number.”",
                "**Include foods and stings when they are severe**: peanuts, tree nuts, shellfish, bee and wasp stings.",
              ],
            },
            {
              type: "p",
              text: "In your SafeTap profile, allergies and medications are lists: separate items with commas and each one appears on its own line.",
            },
          ],
        },
        {
          id: "medications",
          heading: "Medications: the ones that change treatment",
          blocks: [
            {
              type: "p",
              text: "List the medicines that a helper or a hospital must know about before treating you. Use the generic name, which is recognised across countries, and add the brand if you like: “apixaban (Eliquis), blood thinner”. Those that matter most:",
            },
            {
              type: "list",
              items: [
                "blood thinners, because of the risk of bleeding;",
                "insulin and other diabetes medicines, because of the risk of low blood sugar;",
                "heart and blood pressure medicines;",
                "epilepsy medicines;",
                "steroids taken every day, and medicines taken after a transplant.",
              ],
            },
            {
              type: "p",
              text: "Add what each medicine is for, in a few plain words. “Levetiracetam, for epilepsy” tells a stranger far more than the name alone.",
            },
          ],
        },
        {
          id: "notes",
          heading: "Medical notes: say what to do",
          blocks: [
            {
              type: "p",
              text: "Use the notes for what a helper should do or avoid. Some examples:",
            },
            {
              type: "list",
              items: [
                "“Type 1 diabetes. If confused or sweaty, give sugar or a sweet drink.”",
                "“Pacemaker. No MRI.”",
                "“Epilepsy. Seizures usually stop within 3 minutes. Do not hold me down. Call the emergency number if longer.”",
                "“Autistic. May not answer questions. Please speak calmly.”",
              ],
            },
          ],
        },
        {
          id: "other-languages",
          heading: "If you travel, or live in another language",
          blocks: [
            {
              type: "p",
              text: "Write your most important line in two languages, for example “Severe peanut allergy / Alergia grave al cacahuete”, and keep the rest simple. Avoid abbreviations such as DM2, HTN or NKDA: they differ between countries and between professions. Our article on [travelling abroad](/blog/travelling-abroad-with-safetap) has more tips.",
            },
          ],
        },
        {
          id: "check",
          heading: "Check it like a stranger would",
          blocks: [
            {
              type: "p",
              text: "Ask someone who does not know your medical history to scan your tag and tell you, in their own words, what they would do. If they hesitate, rewrite. Update your card whenever a prescription changes: it takes a minute from your dashboard.",
            },
            {
              type: "note",
              text: "Your card helps a stranger take the first steps; it does not replace calling the local emergency number.",
            },
          ],
        },
      ],
    },
    es: {
      title: "Alergias y medicamentos: escríbelos para que los entienda un desconocido",
      summary:
        "Quien te ayude puede no ser médico ni hablar tu idioma. Cómo escribir alergias, medicamentos y afecciones con palabras con las que cualquiera pueda actuar.",
      sections: [
        {
          id: "reader",
          heading: "Imagina a quien lo va a leer",
          blocks: [
            {
              type: "p",
              text: "Puede ser un adolescente, un conductor de autobús o un técnico de emergencias en otro país. Estará nervioso, quizá en la calle y a oscuras, leyendo una pantalla pequeña. SafeTap traduce las etiquetas de la tarjeta a su idioma, pero tus propias palabras se muestran tal como las escribiste. Escribe para esa persona.",
            },
          ],
        },
        {
          id: "allergies",
          heading: "Alergias: nómbrala, di su gravedad y qué ocurre",
          blocks: [
            {
              type: "list",
              items: [
                "**Nombra la causa con precisión**: «penicilina y amoxicilina», no «algunos antibióticos».",
                "**Di lo grave que es**: «GRAVE: anafilaxia» o «solo sarpullido leve».",
                "**Di qué hacer**: «Autoinyector de adrenalina en el bolsillo izquierdo de la chaqueta. Usarlo y llamar al número de emergencias».",
                "**Incluye alimentos y picaduras si son graves**: cacahuetes, frutos secos, marisco, picaduras de abeja y de avispa.",
              ],
            },
            {
              type: "p",
              text: "En tu perfil de SafeTap, las alergias y los medicamentos son listas: separa los elementos con comas y cada uno aparecerá en su propia línea.",
            },
          ],
        },
        {
          id: "medications",
          heading: "Medicamentos: los que cambian el tratamiento",
          blocks: [
            {
              type: "p",
              text: "Anota los medicamentos que quien te ayude o el hospital deben conocer antes de tratarte. Usa el nombre genérico, que se reconoce en todos los países, y añade la marca si quieres: «apixabán (Eliquis), anticoagulante». Los que más importan:",
            },
            {
              type: "list",
              items: [
                "los anticoagulantes, por el riesgo de hemorragia;",
                "la insulina y otros medicamentos para la diabetes, por el riesgo de bajada de azúcar;",
                "los medicamentos para el corazón y la tensión;",
                "los medicamentos para la epilepsia;",
                "los corticoides que se toman a diario y los medicamentos que se toman tras un trasplante.",
              ],
            },
            {
              type: "p",
              text: "Añade para qué sirve cada medicamento, en pocas palabras sencillas. «Levetiracetam, para la epilepsia» le dice a un desconocido mucho más que el nombre solo.",
            },
          ],
        },
        {
          id: "notes",
          heading: "Notas médicas: di qué hacer",
          blocks: [
            {
              type: "p",
              text: "Usa las notas para lo que quien te ayude debe hacer o evitar. Algunos ejemplos:",
            },
            {
              type: "list",
              items: [
                "«Diabetes tipo 1. Si estoy confuso o sudoroso, denme azúcar o una bebida azucarada».",
                "«Marcapasos. No hacer resonancia magnética».",
                "«Epilepsia. Las crisis suelen pasar en menos de 3 minutos. No me sujeten. Si dura más, llamen a emergencias».",
                "«Autista. Puede que no responda a preguntas. Hablen con calma, por favor».",
              ],
            },
          ],
        },
        {
          id: "other-languages",
          heading: "Si viajas o vives en otro idioma",
          blocks: [
            {
              type: "p",
              text: "Escribe la línea más importante en dos idiomas, por ejemplo «Alergia grave al cacahuete / Severe peanut allergy», y mantén el resto sencillo. Evita abreviaturas como DM2, HTA o NAMC: cambian de un país a otro y de una profesión a otra. Nuestro artículo sobre [viajar al extranjero](/blog/travelling-abroad-with-safetap) tiene más consejos.",
            },
          ],
        },
        {
          id: "check",
          heading: "Compruébalo como lo haría un desconocido",
          blocks: [
            {
              type: "p",
              text: "Pide a alguien que no conozca tu historial médico que escanee tu etiqueta y te diga, con sus palabras, qué haría. Si duda, reescríbelo. Actualiza la tarjeta cada vez que cambie una receta: se hace en un minuto desde tu panel.",
            },
            {
              type: "note",
              text: "Tu tarjeta ayuda a un desconocido a dar los primeros pasos; no sustituye a la llamada al número de emergencias local.",
            },
          ],
        },
      ],
    },
    fr: {
      title: "Allergies et médicaments : les écrire pour qu'un inconnu comprenne",
      summary:
        "La personne qui vous aide n'est peut-être pas médecin et ne parle peut-être pas votre langue. Comment écrire allergies, médicaments et maladies avec des mots sur lesquels chacun peut agir.",
      sections: [
        {
          id: "reader",
          heading: "Imaginez la personne qui lira",
          blocks: [
            {
              type: "p",
              text: "Ce peut être un adolescent, un chauffeur de bus ou un secouriste dans un autre pays. Il sera stressé, peut-être dehors dans la nuit, devant un petit écran. SafeTap traduit les libellés de la carte dans sa langue, mais vos propres mots s'affichent exactement tels que vous les avez écrits. Écrivez pour cette personne.",
            },
          ],
        },
        {
          id: "allergies",
          heading: "Allergies : nommez-la, donnez sa gravité, dites ce qui se passe",
          blocks: [
            {
              type: "list",
              items: [
                "**Nommez précisément la cause** : « pénicilline et amoxicilline », pas « certains antibiotiques ».",
                "**Dites sa gravité** : « GRAVE : choc anaphylactique » ou « simple éruption cutanée ».",
                "**Dites quoi faire** : « Stylo d'adrénaline dans la poche gauche de la veste. L'utiliser, puis appeler le numéro d'urgence. »",
                "**Indiquez aliments et piqûres quand c'est grave** : arachide, fruits à coque, crustacés, piqûres d'abeille et de guêpe.",
              ],
            },
            {
              type: "p",
              text: "Dans votre profil SafeTap, les allergies et les médicaments sont des listes : séparez les éléments par des virgules, et chacun s'affiche sur sa propre ligne.",
            },
          ],
        },
        {
          id: "medications",
          heading: "Médicaments : ceux qui changent la prise en charge",
          blocks: [
            {
              type: "p",
              text: "Indiquez les médicaments qu'une personne qui aide ou un hôpital doit connaître avant de vous soigner. Utilisez la dénomination commune, reconnue d'un pays à l'autre, en ajoutant la marque si vous le souhaitez : « apixaban (Eliquis), anticoagulant ». Ceux qui comptent le plus :",
            },
            {
              type: "list",
              items: [
                "les anticoagulants, à cause du risque de saignement ;",
                "l'insuline et les autres traitements du diabète, à cause du risque d'hypoglycémie ;",
                "les médicaments du cœur et de la tension ;",
                "les antiépileptiques ;",
                "les corticoïdes pris chaque jour et les traitements pris après une greffe.",
              ],
            },
            {
              type: "p",
              text: "Précisez à quoi sert chaque médicament, en quelques mots simples. « Lévétiracétam, contre l'épilepsie » en dit bien plus à un inconnu que le nom seul.",
            },
          ],
        },
        {
          id: "notes",
          heading: "Notes médicales : dites quoi faire",
          blocks: [
            {
              type: "p",
              text: "Servez-vous des notes pour ce qu'il faut faire ou éviter. Quelques exemples :",
            },
            {
              type: "list",
              items: [
                "« Diabète de type 1. Si je suis confus ou en sueur, donnez-moi du sucre ou une boisson sucrée. »",
                "« Stimulateur cardiaque. Pas d'IRM. »",
                "« Épilepsie. Les crises passent en général en moins de 3 minutes. Ne me maintenez pas. Au-delà, appelez les secours. »",
                "« Autiste. Peut ne pas répondre aux questions. Parlez calmement, s'il vous plaît. »",
              ],
            },
          ],
        },
        {
          id: "other-languages",
          heading: "Si vous voyagez, ou vivez dans une autre langue",
          blocks: [
            {
              type: "p",
              text: "Écrivez votre ligne la plus importante en deux langues, par exemple « Allergie grave à l'arachide / Severe peanut allergy », et gardez le reste simple. Évitez les abréviations comme DT2, HTA ou « pas d'ATCD » : elles varient d'un pays et d'une profession à l'autre. Notre article sur [les voyages à l'étranger](/blog/travelling-abroad-with-safetap) donne d'autres conseils.",
            },
          ],
        },
        {
          id: "check",
          heading: "Relisez-vous comme un inconnu",
          blocks: [
            {
              type: "p",
              text: "Demandez à quelqu'un qui ne connaît pas vos antécédents de scanner votre étiquette et de vous dire, avec ses mots, ce qu'il ferait. S'il hésite, réécrivez. Mettez votre carte à jour à chaque changement d'ordonnance : cela prend une minute depuis votre tableau de bord.",
            },
            {
              type: "note",
              text: "Votre carte aide un inconnu à faire les premiers gestes ; elle ne remplace pas l'appel au numéro d'urgence local.",
            },
          ],
        },
      ],
    },
    vi: {
      title: "Dị ứng và thuốc: viết sao cho người lạ hiểu được",
      summary:
        "Người giúp bạn có thể không phải bác sĩ, cũng có thể không nói ngôn ngữ của bạn. Cách viết về dị ứng, thuốc và bệnh lý bằng những từ mà ai cũng có thể làm theo.",
      sections: [
        {
          id: "reader",
          heading: "Hình dung người sẽ đọc",
          blocks: [
            {
              type: "p",
              text: "Đó có thể là một thiếu niên, một tài xế xe buýt hay một nhân viên cấp cứu ở nước khác. Họ sẽ căng thẳng, có khi đang ở ngoài trời tối, đọc trên một màn hình nhỏ. SafeTap dịch các nhãn trên thẻ sang ngôn ngữ của họ, nhưng phần bạn tự viết sẽ hiển thị đúng như bạn đã viết. Hãy viết cho người đó.",
            },
          ],
        },
        {
          id: "allergies",
          heading: "Dị ứng: gọi đúng tên, nói mức độ, nói điều gì xảy ra",
          blocks: [
            {
              type: "list",
              items: [
                "**Gọi chính xác tác nhân**: “penicillin và amoxicillin”, đừng ghi “một số loại kháng sinh”.",
                "**Nói rõ mức độ nghiêm trọng**: “NẶNG: sốc phản vệ” hoặc “chỉ nổi mẩn nhẹ”.",
                "**Nói rõ cần làm gì**: “Bút tiêm adrenaline ở túi trái áo khoác. Tiêm cho tôi, rồi gọi số khẩn cấp.”",
                "**Ghi cả thực phẩm và côn trùng đốt nếu phản ứng nặng**: đậu phộng, các loại hạt, hải sản có vỏ, ong và ong vò vẽ đốt.",
              ],
            },
            {
              type: "p",
              text: "Trong hồ sơ SafeTap, dị ứng và thuốc là các danh sách: ngăn cách từng mục bằng dấu phẩy, mỗi mục sẽ hiển thị trên một dòng riêng.",
            },
          ],
        },
        {
          id: "medications",
          heading: "Thuốc: những loại làm thay đổi cách điều trị",
          blocks: [
            {
              type: "p",
              text: "Hãy ghi những loại thuốc mà người giúp đỡ hoặc bệnh viện phải biết trước khi điều trị cho bạn. Dùng tên hoạt chất, được nhận biết ở mọi quốc gia, và thêm tên biệt dược nếu muốn: “apixaban (Eliquis), thuốc chống đông máu”. Quan trọng nhất là:",
            },
            {
              type: "list",
              items: [
                "thuốc chống đông máu, vì nguy cơ chảy máu;",
                "insulin và các thuốc tiểu đường khác, vì nguy cơ hạ đường huyết;",
                "thuốc tim mạch và thuốc huyết áp;",
                "thuốc chống động kinh;",
                "thuốc corticoid dùng hằng ngày và thuốc dùng sau ghép tạng.",
              ],
            },
            {
              type: "p",
              text: "Ghi thêm công dụng của từng loại thuốc bằng vài từ đơn giản. “Levetiracetam, trị động kinh” cho người lạ biết nhiều hơn hẳn so với chỉ ghi tên thuốc.",
            },
          ],
        },
        {
          id: "notes",
          heading: "Ghi chú y tế: nói rõ cần làm gì",
          blocks: [
            {
              type: "p",
              text: "Dùng phần ghi chú cho những việc người giúp đỡ nên làm hoặc nên tránh. Một vài ví dụ:",
            },
            {
              type: "list",
              items: [
                "“Tiểu đường típ 1. Nếu tôi lú lẫn hoặc vã mồ hôi, cho tôi ăn đường hoặc uống nước ngọt.”",
                "“Có máy tạo nhịp tim. Không chụp cộng hưởng từ (MRI).”",
                "“Động kinh. Cơn co giật thường tự hết trong 3 phút. Đừng giữ chặt tôi. Nếu lâu hơn, hãy gọi cấp cứu.”",
                "“Tự kỷ. Có thể không trả lời câu hỏi. Xin hãy nói chuyện nhẹ nhàng.”",
              ],
            },
          ],
        },
        {
          id: "other-languages",
          heading: "Nếu bạn đi du lịch, hoặc sống ở nơi dùng ngôn ngữ khác",
          blocks: [
            {
              type: "p",
              text: "Hãy viết dòng quan trọng nhất bằng hai thứ tiếng, ví dụ “Dị ứng đậu phộng nặng / Severe peanut allergy”, và giữ phần còn lại thật đơn giản. Tránh các chữ viết tắt như ĐTĐ, THA hay NKDA: chúng khác nhau giữa các nước và giữa các ngành nghề. Bài viết về [đi du lịch nước ngoài](/blog/travelling-abroad-with-safetap) có thêm nhiều lời khuyên.",
            },
          ],
        },
        {
          id: "check",
          heading: "Kiểm tra lại như một người lạ",
          blocks: [
            {
              type: "p",
              text: "Nhờ một người không biết tiền sử bệnh của bạn quét thẻ và kể lại, bằng lời của họ, họ sẽ làm gì. Nếu họ còn lúng túng, hãy viết lại. Cập nhật thẻ mỗi khi đơn thuốc thay đổi: chỉ mất một phút trên bảng điều khiển.",
            },
            {
              type: "note",
              text: "Thẻ của bạn giúp người lạ thực hiện những bước đầu tiên; thẻ không thay thế việc gọi số khẩn cấp tại địa phương.",
            },
          ],
        },
      ],
    },
  },
};
