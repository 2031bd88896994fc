import type { Article } from "#app/content/types.ts";
import { PLANS } from "#app/lib/plans.ts";

const contacts = {
  free: PLANS.free.limits.contacts,
  pro: PLANS.pro.limits.contacts,
  family: PLANS.family.limits.contacts,
};

export const choosingEmergencyContacts: Article = {
  slug: "choosing-and-ordering-emergency-contacts",
  date: "2026-09-29",
  text: {
    en: {
      title: "Choosing and ordering your emergency contacts",
      summary:
        "The best emergency contact is not always your closest relative. Who to list, in what order, and how to make sure they will actually answer.",
      sections: [
        {
          id: "who",
          heading: "Choose people who will answer",
          blocks: [
            {
              type: "p",
              text: "An emergency contact has one job: to pick up, and to be able to act. Before you add someone, ask yourself:",
            },
            {
              type: "list",
              items: [
                "Will they answer a call or a message from a number they do not know?",
                "Can they usually be reached during the day, and at night?",
                "Could they get to you, or make decisions and call others if they cannot?",
                "Do they know your medical history and your wishes?",
              ],
            },
          ],
        },
        {
          id: "order",
          heading: "Put them in the right order",
          blocks: [
            {
              type: "p",
              text: "Your card lists your contacts in the order you set, and a helper will usually call the first one. Put first the person most likely to answer quickly and able to act, who is not always the closest relative. A partner who travels for work might be second; for a child's school bag, a neighbour who works from home might be first.",
            },
            {
              type: "p",
              text: "Mix the ways they are reached. SMS gets through when mobile data is weak, email arrives everywhere, and WhatsApp works well abroad over Wi-Fi.",
            },
          ],
        },
        {
          id: "how-many",
          heading: "How many contacts?",
          blocks: [
            {
              type: "p",
              text: `Two or three is right for most people. A single contact is a single point of failure: a flat battery or a meeting can mean nobody answers. The public card shows up to three contacts. Your plan sets how many you can keep: ${contacts.free} on Free, ${contacts.pro} on Pro and ${contacts.family} on Family ([compare plans](/pricing)).`,
            },
          ],
        },
        {
          id: "ask-first",
          heading: "Ask them first",
          blocks: [
            {
              type: "list",
              items: [
                "Tell them they are on your card, and what an alert will look like.",
                "Ask them to keep message notifications on, and not to ignore a text from an unknown number that mentions your name.",
                "Tell them what to do: who else to call, your doctor's details, where your medicines are kept.",
                "Send a test alert together from your dashboard, so they recognise one. Test alerts are clearly marked TEST.",
              ],
            },
          ],
        },
        {
          id: "numbers",
          heading: "Write numbers that work from anywhere",
          blocks: [
            {
              type: "p",
              text: "Use the international format, with a plus sign and the country code: +1 415 555 0134 or +84 90 123 4567. A helper abroad, or a text sent through an international provider, may not reach a number written in local format. SafeTap asks for phone numbers in this format for that reason.",
            },
          ],
        },
        {
          id: "keep-current",
          heading: "Keep the list current",
          blocks: [
            {
              type: "p",
              text: "People move, change numbers and change jobs. Check your contacts when you change phones, after a move, before a long trip and, for children, at the start of every school year. It takes a minute from your dashboard.",
            },
          ],
        },
      ],
    },
    es: {
      title: "Cómo elegir y ordenar tus contactos de emergencia",
      summary:
        "El mejor contacto de emergencia no siempre es tu familiar más cercano. A quién poner, en qué orden y cómo asegurarte de que de verdad conteste.",
      sections: [
        {
          id: "who",
          heading: "Elige a personas que contesten",
          blocks: [
            {
              type: "p",
              text: "Un contacto de emergencia tiene una sola tarea: contestar y poder actuar. Antes de añadir a alguien, pregúntate:",
            },
            {
              type: "list",
              items: [
                "¿Contestará una llamada o un mensaje de un número que no conoce?",
                "¿Se le suele localizar de día, y también de noche?",
                "¿Podría llegar hasta ti o, si no, tomar decisiones y llamar a otras personas?",
                "¿Conoce tu historial médico y tus deseos?",
              ],
            },
          ],
        },
        {
          id: "order",
          heading: "Ponlos en el orden correcto",
          blocks: [
            {
              type: "p",
              text: "Tu tarjeta muestra tus contactos en el orden que fijes, y quien ayuda suele llamar al primero. Pon primero a la persona que con más probabilidad conteste rápido y pueda actuar, que no siempre es el familiar más cercano. Una pareja que viaja por trabajo puede ir segunda; para la mochila de un niño, una vecina que teletrabaja puede ir primera.",
            },
            {
              type: "p",
              text: "Combina las formas de contacto. El SMS llega aunque los datos móviles vayan mal, el correo llega a cualquier parte y WhatsApp funciona bien en el extranjero con wifi.",
            },
          ],
        },
        {
          id: "how-many",
          heading: "¿Cuántos contactos?",
          blocks: [
            {
              type: "p",
              text: `Dos o tres es lo adecuado para la mayoría. Un solo contacto es un único punto de fallo: una batería agotada o una reunión pueden hacer que nadie conteste. La tarjeta pública muestra hasta tres contactos. Tu plan fija cuántos puedes tener: ${contacts.free} con Free, ${contacts.pro} con Pro y ${contacts.family} con Family ([comparar planes](/pricing)).`,
            },
          ],
        },
        {
          id: "ask-first",
          heading: "Pregúntales antes",
          blocks: [
            {
              type: "list",
              items: [
                "Diles que están en tu tarjeta y cómo será una alerta.",
                "Pídeles que tengan activadas las notificaciones de mensajes y que no ignoren un SMS de un número desconocido que mencione tu nombre.",
                "Explícales qué hacer: a quién más llamar, los datos de tu médico, dónde guardas tus medicamentos.",
                "Envía con ellos una alerta de prueba desde tu panel para que sepan reconocerla. Las alertas de prueba van marcadas claramente como TEST.",
              ],
            },
          ],
        },
        {
          id: "numbers",
          heading: "Escribe números que funcionen desde cualquier lugar",
          blocks: [
            {
              type: "p",
              text: "Usa el formato internacional, con el signo más y el prefijo del país: +34 612 345 678 o +52 55 1234 5678. Alguien que te ayude en el extranjero, o un SMS enviado por un proveedor internacional, puede no llegar a un número escrito en formato local. Por eso SafeTap pide los teléfonos en este formato.",
            },
          ],
        },
        {
          id: "keep-current",
          heading: "Mantén la lista al día",
          blocks: [
            {
              type: "p",
              text: "La gente se muda, cambia de número y de trabajo. Revisa tus contactos cuando cambies de móvil, después de una mudanza, antes de un viaje largo y, en el caso de los niños, al empezar cada curso escolar. Se hace en un minuto desde tu panel.",
            },
          ],
        },
      ],
    },
    fr: {
      title: "Choisir et ordonner vos contacts d'urgence",
      summary:
        "Le meilleur contact d'urgence n'est pas toujours votre proche le plus intime. Qui indiquer, dans quel ordre, et comment s'assurer qu'il répondra vraiment.",
      sections: [
        {
          id: "who",
          heading: "Choisissez des personnes qui répondent",
          blocks: [
            {
              type: "p",
              text: "Un contact d'urgence n'a qu'une mission : décrocher, et pouvoir agir. Avant d'ajouter quelqu'un, posez-vous ces questions :",
            },
            {
              type: "list",
              items: [
                "Répondra-t-il à un appel ou un message venant d'un numéro inconnu ?",
                "Est-il joignable en journée, et la nuit ?",
                "Pourrait-il vous rejoindre ou, à défaut, prendre des décisions et prévenir d'autres personnes ?",
                "Connaît-il vos antécédents médicaux et vos volontés ?",
              ],
            },
          ],
        },
        {
          id: "order",
          heading: "Placez-les dans le bon ordre",
          blocks: [
            {
              type: "p",
              text: "Votre carte affiche vos contacts dans l'ordre que vous fixez, et la personne qui aide appelle généralement le premier. Mettez en premier la personne la plus susceptible de répondre vite et de pouvoir agir, qui n'est pas toujours le proche le plus intime. Un conjoint qui voyage pour son travail peut passer en deuxième ; pour le cartable d'un enfant, une voisine en télétravail peut passer en premier.",
            },
            {
              type: "p",
              text: "Variez les moyens de les joindre. Le SMS passe quand les données mobiles sont faibles, l'e-mail arrive partout et WhatsApp fonctionne bien à l'étranger en Wi-Fi.",
            },
          ],
        },
        {
          id: "how-many",
          heading: "Combien de contacts ?",
          blocks: [
            {
              type: "p",
              text: `Deux ou trois, c'est bien pour la plupart des gens. Un seul contact, c'est un seul point de défaillance : une batterie vide ou une réunion, et personne ne répond. La carte publique affiche jusqu'à trois contacts. Votre formule fixe combien vous pouvez en garder : ${contacts.free} avec Free, ${contacts.pro} avec Pro et ${contacts.family} avec Family ([comparer les formules](/pricing)).`,
            },
          ],
        },
        {
          id: "ask-first",
          heading: "Demandez-leur d'abord",
          blocks: [
            {
              type: "list",
              items: [
                "Dites-leur qu'ils figurent sur votre carte et à quoi ressemblera une alerte.",
                "Demandez-leur de laisser les notifications de messages activées et de ne pas ignorer un SMS d'un numéro inconnu qui mentionne votre nom.",
                "Expliquez-leur quoi faire : qui d'autre appeler, les coordonnées de votre médecin, où sont rangés vos médicaments.",
                "Envoyez ensemble une alerte de test depuis votre tableau de bord pour qu'ils sachent la reconnaître. Les alertes de test portent clairement la mention TEST.",
              ],
            },
          ],
        },
        {
          id: "numbers",
          heading: "Des numéros qui marchent depuis n'importe où",
          blocks: [
            {
              type: "p",
              text: "Utilisez le format international, avec le signe plus et l'indicatif du pays : +33 6 12 34 56 78 ou +1 514 555 0134. Une personne qui vous aide à l'étranger, ou un SMS envoyé par un prestataire international, peut ne pas joindre un numéro écrit au format local. C'est pour cela que SafeTap demande les numéros dans ce format.",
            },
          ],
        },
        {
          id: "keep-current",
          heading: "Tenez la liste à jour",
          blocks: [
            {
              type: "p",
              text: "Les gens déménagent, changent de numéro et de travail. Vérifiez vos contacts quand vous changez de téléphone, après un déménagement, avant un long voyage et, pour les enfants, à chaque rentrée scolaire. Cela prend une minute depuis votre tableau de bord.",
            },
          ],
        },
      ],
    },
    vi: {
      title: "Chọn và sắp xếp người liên hệ khẩn cấp",
      summary:
        "Người liên hệ khẩn cấp tốt nhất không phải lúc nào cũng là người thân gần gũi nhất. Nên ghi ai, theo thứ tự nào, và làm sao để chắc chắn họ sẽ trả lời.",
      sections: [
        {
          id: "who",
          heading: "Chọn người sẽ nghe máy",
          blocks: [
            {
              type: "p",
              text: "Người liên hệ khẩn cấp chỉ có một nhiệm vụ: nghe máy và có thể hành động. Trước khi thêm ai đó, hãy tự hỏi:",
            },
            {
              type: "list",
              items: [
                "Họ có nghe cuộc gọi hoặc đọc tin nhắn từ số lạ không?",
                "Họ có thường liên lạc được vào ban ngày, và cả ban đêm không?",
                "Họ có thể đến chỗ bạn, hoặc nếu không thì có thể quyết định và gọi cho người khác không?",
                "Họ có biết tiền sử bệnh và mong muốn của bạn không?",
              ],
            },
          ],
        },
        {
          id: "order",
          heading: "Sắp xếp đúng thứ tự",
          blocks: [
            {
              type: "p",
              text: "Thẻ của bạn liệt kê người liên hệ theo thứ tự bạn đặt, và người giúp đỡ thường sẽ gọi cho người đầu tiên. Hãy đặt lên đầu người có khả năng trả lời nhanh nhất và có thể hành động, người này không nhất thiết là người thân gần gũi nhất. Người bạn đời hay đi công tác có thể đứng thứ hai; với ba lô đi học của con, người hàng xóm làm việc tại nhà có thể đứng đầu.",
            },
            {
              type: "p",
              text: "Kết hợp nhiều cách liên lạc. SMS vẫn đến khi dữ liệu di động yếu, email đến được mọi nơi, còn WhatsApp dùng tốt ở nước ngoài qua Wi-Fi.",
            },
          ],
        },
        {
          id: "how-many",
          heading: "Bao nhiêu người liên hệ là đủ?",
          blocks: [
            {
              type: "p",
              text: `Hai hoặc ba người là phù hợp với hầu hết mọi người. Chỉ một người liên hệ nghĩa là chỉ có một điểm có thể hỏng: điện thoại hết pin hay một cuộc họp là không ai trả lời. Thẻ công khai hiển thị tối đa ba người liên hệ. Gói dịch vụ quyết định số người bạn có thể lưu: ${contacts.free} với gói Free, ${contacts.pro} với Pro và ${contacts.family} với Family ([so sánh các gói](/pricing)).`,
            },
          ],
        },
        {
          id: "ask-first",
          heading: "Hỏi ý họ trước",
          blocks: [
            {
              type: "list",
              items: [
                "Cho họ biết họ có tên trên thẻ của bạn, và cảnh báo trông sẽ như thế nào.",
                "Nhờ họ luôn bật thông báo tin nhắn, và đừng bỏ qua tin nhắn từ số lạ có nhắc đến tên bạn.",
                "Dặn họ cần làm gì: gọi thêm cho ai, thông tin bác sĩ của bạn, nơi để thuốc.",
                "Cùng nhau gửi một cảnh báo thử từ bảng điều khiển để họ nhận ra được. Cảnh báo thử được đánh dấu rõ là TEST.",
              ],
            },
          ],
        },
        {
          id: "numbers",
          heading: "Ghi số điện thoại gọi được từ mọi nơi",
          blocks: [
            {
              type: "p",
              text: "Hãy dùng định dạng quốc tế, có dấu cộng và mã quốc gia: +84 90 123 4567 hoặc +1 415 555 0134. Người giúp đỡ ở nước ngoài, hoặc tin nhắn gửi qua nhà cung cấp quốc tế, có thể không liên lạc được với số ghi theo định dạng trong nước. Vì vậy SafeTap yêu cầu số điện thoại theo định dạng này.",
            },
          ],
        },
        {
          id: "keep-current",
          heading: "Luôn cập nhật danh sách",
          blocks: [
            {
              type: "p",
              text: "Người ta chuyển nhà, đổi số và đổi việc. Hãy kiểm tra người liên hệ khi bạn đổi điện thoại, sau khi chuyển nhà, trước một chuyến đi dài và, với trẻ em, vào đầu mỗi năm học. Chỉ mất một phút trên bảng điều khiển.",
            },
          ],
        },
      ],
    },
  },
};
